#!/usr/bin/env node
// Proves the architecture's lint guards bite: each probe is code the workspace forbids, linted
// as if it stood at the given path. Exits non-zero if any probe passes lint.
import path from 'node:path';
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const RULE = '@nx/enforce-module-boundaries';

export const PROBES = [
  { what: 'a remote importing another remote', file: 'apps/inventory-mf/src/probe.ts', code: "import '@stockbook/billing-mf';\n" },
  { what: "a remote importing the shell's internals", file: 'apps/admin-mf/src/probe.ts', code: "import '../../shell/src/router';\n" },
  { what: 'the shell importing a remote', file: 'apps/shell/src/probe.ts', code: "import '@stockbook/marketing';\n" },
  { what: 'domain importing React', file: 'libs/domain/src/probe.ts', code: "import 'react';\n" },
  { what: 'contracts importing NestJS', file: 'libs/contracts/src/probe.ts', code: "import '@nestjs/common';\n" },
  { what: 'domain importing TypeORM', file: 'libs/domain/src/probe.ts', code: "import 'typeorm';\n" },
  { what: 'the API importing React', file: 'apps/api/src/probe.ts', code: "import 'react';\n" },
  { what: 'the API importing antd', file: 'apps/api/src/probe.ts', code: "import 'antd';\n" },
];

// The boundary rule reads Nx's cached project graph and silently skips itself without one
// (a fresh clone): compute the graph first so the probes are judged for real.
process.env.NX_DAEMON ??= 'false';
await createProjectGraphAsync({ exitOnError: true });

const eslint = new ESLint({ cwd: root });
let failures = 0;
for (const probe of PROBES) {
  const [result] = await eslint.lintText(probe.code, { filePath: path.join(root, probe.file) });
  const caught = result.messages.some((message) => message.ruleId === RULE && message.severity === 2);
  const skipped = result.messages.find((message) => /ProjectGraph/.test(message.message));
  if (skipped) console.log(`the boundary rule did not run: ${skipped.message}`);
  console.log(`${caught ? 'refused' : 'ALLOWED'}: ${probe.what} (${probe.file})`);
  if (!caught) failures += 1;
}
console.log(`lint guards: ${PROBES.length - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
