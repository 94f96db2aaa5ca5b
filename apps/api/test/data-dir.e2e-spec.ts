import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApi } from '../src/bootstrap';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { freePort } from './support/processes';

/**
 * An unusable DATA_DIR is refused at once with one line saying what is wrong and what to do
 * (issue 23, rule 10), before any PostgreSQL is started: before, /proc hung forever.
 */
describe('an unusable DATA_DIR', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'stockbook-data-dir-'));
  });
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  const start = async (dataDir: string) =>
    createApi(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()) })).then(
      async (api) => {
        await api.close();
        throw new Error('it started');
      },
      (error: unknown) => error,
    );

  it.each([
    ['a file', () => path.join(scratch, 'a-file'), /DATA_DIR: .*a-file is a file, not a folder: choose another folder or move the file away/],
    ['a folder under a file', () => path.join(scratch, 'a-file', 'inside'), /DATA_DIR: .*inside cannot be made: .*a-file is a file, not a folder/],
    ['the proc pseudo-filesystem', () => '/proc/stockbook', /DATA_DIR: \/proc\/stockbook is on the kernel's proc pseudo-filesystem, which cannot keep data: choose a folder on a disk/],
    ['the sys pseudo-filesystem', () => '/sys/kernel/stockbook', /DATA_DIR: \/sys\/kernel\/stockbook is on the kernel's sys pseudo-filesystem/],
  ])('refuses %s at once, naming DATA_DIR and what to do', async (_what, dataDir, message) => {
    writeFileSync(path.join(scratch, 'a-file'), 'not a folder');
    const started = Date.now();
    const error = await start(dataDir());
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(1);
    expect((error as ConfigError).problems[0]).toMatch(message);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
