// `npm start`: builds the web app when its build is missing or older than its sources, then runs main.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'webapp', 'index.html');
const SOURCES = ['webapp', 'domain', 'package-lock.json'];

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (built < sources) {
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'webapp', 'vite.config.ts'), logLevel: 'warn' });
}

const { run } = await import('../main');
await run();
