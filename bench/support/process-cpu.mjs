// CPU time of the product's processes from their own counters (/proc/<pid>/stat, Linux): the API's
// node process, and PostgreSQL's postmaster with every backend and background worker (a backend
// that exited is in the postmaster's reaped-children counters).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // getconf CLK_TCK = 100 on Linux

/** [ppid, utime + stime, cutime + cstime] in ticks, or null once the process is gone. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    return [Number(fields[1]), Number(fields[11]) + Number(fields[12]), Number(fields[13]) + Number(fields[14])];
  } catch {
    return null;
  }
}

/** The postmaster's pid, from the first line of its data folder's postmaster.pid. */
export const postmasterOf = (postgresDir) => Number(readFileSync(path.join(postgresDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Milliseconds of CPU used so far by the API process and by PostgreSQL (all its processes). */
export function cpuNow(apiPid, postmasterPid) {
  const api = stat(apiPid);
  const master = stat(postmasterPid);
  let postgres = master ? master[1] + master[2] : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(entry);
    if (child && child[0] === postmasterPid) postgres += child[1];
  }
  return { api: (api ? api[1] : 0) * TICK_MS, postgres: postgres * TICK_MS };
}

/** The CPU used between two readings. */
export const cpuSince = (before, after) => ({ api: after.api - before.api, postgres: after.postgres - before.postgres });
