// `npm run bench [-- <name>]`: runs bench/<name>.ts (no name: every bench here), printing one JSON line per
// bench on stdout: {"bench", "value", "unit", ...details}. Logs go to stderr. Budgets: docs/operations.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuild } from '../scripts/server-build.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
// Benches are this folder's top-level .ts files; helpers live in bench/lib/.
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'run.ts')
  .map((f) => f.slice(0, -3))
  .sort();

const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !benches.includes(n));
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${benches.join(', ')}`);
  process.exit(1);
}

// The benches that start the app as a child run the built server (test/app-process.ts), as `npm start` does.
await ensureServerBuild((line) => console.error(line));

for (const name of wanted.length ? wanted : benches) {
  console.error(`bench ${name}…`);
  try {
    const mod = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as { run: () => Promise<Record<string, unknown>> };
    const result = await mod.run();
    console.log(JSON.stringify({ bench: name, ...result }));
  } catch (err) {
    console.error(err);
    console.log(JSON.stringify({ bench: name, value: null, error: String((err as Error)?.message ?? err) }));
    process.exitCode = 1;
  }
}
