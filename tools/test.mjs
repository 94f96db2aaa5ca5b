#!/usr/bin/env node
// `npm test`: every stage of the suite in order, stopping at the first that fails, with how long
// each took (CI's budget is about 20 minutes on 2 cores; the table shows where it goes).
// Extra arguments go to nothing: for one stage use its own script (README, "Focused runs").
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

const STAGES = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['jest (unit and API)', ['run', 'test:unit']],
  ['build', ['run', 'build']],
  ['playwright', ['run', 'test:browser']],
];

const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);
const took = [];
const started = performance.now();

function summary() {
  console.log('\nnpm test, by stage:');
  for (const [name, time, outcome] of took) console.log(`  ${name.padEnd(22)} ${time.padStart(7)} s  ${outcome}`);
  console.log(`  ${'total'.padEnd(22)} ${seconds(started).padStart(7)} s`);
}

for (const [name, args] of STAGES) {
  console.log(`\n=== ${name} (npm ${args.join(' ')}) ===`);
  const start = performance.now();
  const run = spawnSync('npm', args, { cwd: root, env, stdio: 'inherit' });
  const ok = run.status === 0;
  took.push([name, seconds(start), ok ? 'ok' : `FAILED (exit ${run.status ?? run.signal})`]);
  if (!ok) {
    summary();
    process.exit(run.status ?? 1);
  }
}
summary();
