import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder above this file that holds nx.json. */
export function findWorkspaceRoot(from: string = __dirname): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
  }
  return process.cwd();
}
