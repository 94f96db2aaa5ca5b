#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs in turn; each prints its own figures.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv[2];
const suites = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.mjs') && (!only || file.includes(only)))
  .sort();
for (const file of suites) {
  console.log(`\n== ${file}`);
  const suite = await import(pathToFileURL(path.join(dir, file)).href);
  await suite.default();
}
