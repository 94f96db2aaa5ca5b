import { startApi } from './bootstrap';
import { ConfigError } from './config/app-config';

startApi().then(
  (running) => {
    const stop = () => {
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    // main.ts owns the signals (not Nest's shutdown hooks): close the app and its pool first,
    // then stop the embedded PostgreSQL, never the other way round.
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`Stockbook cannot start. ${error.message}`);
    } else {
      console.error('Stockbook cannot start:', error instanceof Error ? error.message : error);
    }
    process.exit(1);
  },
);
