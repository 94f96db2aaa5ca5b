import { createServer, type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 just now (for a PostgreSQL or an API of a test's own). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Whether a process runs (another user's, such as the cluster's OS user `postgres`, counts). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
