// Builds the web app when dist/webapp is missing or older than its sources (npm start, browser tests).
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
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function webBuildIsStale(): boolean {
  const built = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built < Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
}

export async function ensureWebBuild(log: (line: string) => void = console.log): Promise<void> {
  if (!webBuildIsStale()) return;
  log(fs.existsSync(builtIndex) ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'webapp', 'vite.config.ts'), logLevel: 'warn' });
}
