import { execFileSync } from 'node:child_process';
import path from 'node:path';

describe('architecture lint guards', () => {
  it('refuse every forbidden import (remote to remote, framework in domain, React in the API, ...)', () => {
    const output = execFileSync(process.execPath, [path.join(__dirname, 'check-lint-guards.mjs')], {
      cwd: path.join(__dirname, '..'),
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    expect(output).toContain('refused: a remote importing another remote');
    expect(output).not.toContain('ALLOWED');
    expect(output).toMatch(/lint guards: 8 passed, 0 failed/);
  });
});
