// Bundle: gzipped KiB of the JavaScript the first screen loads — the entry script and every modulepreload
// of dist/webapp/index.html — as value; details give the total of all JS chunks and the Telegram SDK's
// chunks (loaded after the first render, inside Telegram only). Budget: ≤ 100 KiB.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from '../scripts/web-build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist', 'webapp');
const BUDGET_KIB = 100;

const kib = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;
const gzipBytes = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The JS files index.html makes the browser fetch before the first screen renders. */
export function firstScreenScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    if (href) urls.add(href[1]);
  }
  return [...urls].filter((u) => u.endsWith('.js') && !/^https?:/.test(u));
}

/** The chunks a chunk loads statically (itself included), following `import … from "./x.js"` edges. */
function staticClosure(assetsDir: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...start];
  while (pending.length) {
    const f = pending.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const code = fs.readFileSync(path.join(assetsDir, f), 'utf8');
    for (const m of code.matchAll(/\bimport\s*(?:[^"';]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g)) pending.push(m[1]);
  }
  return seen;
}

export async function run(): Promise<Record<string, unknown>> {
  await ensureWebBuild((line) => console.error(line));
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const first = firstScreenScripts(html).map((url) => ({ file: url.replace(/^\//, ''), gzipKiB: kib(gzipBytes(path.join(DIST, url))) }));
  const assets = fs.readdirSync(path.join(DIST, 'assets'));
  const allJs = assets.filter((f) => f.endsWith('.js'));
  const total = allJs.reduce((sum, f) => sum + gzipBytes(path.join(DIST, 'assets', f)), 0);
  // The Telegram SDK: the init chunk and what it pulls in beyond the first screen (shared chunks included).
  const assetsDir = path.join(DIST, 'assets');
  const firstSet = staticClosure(
    assetsDir,
    first.map((f) => path.basename(f.file)),
  );
  const init = allJs.find((f) => /^init-/.test(f));
  const sdkFiles = init ? [...staticClosure(assetsDir, [init])].filter((f) => !firstSet.has(f)) : [];
  const css = assets.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipBytes(path.join(DIST, 'assets', f)), 0);
  const value = Math.round(first.reduce((s, f) => s + f.gzipKiB, 0) * 100) / 100;
  return {
    value,
    unit: 'KiB',
    budget: BUDGET_KIB,
    withinBudget: value <= BUDGET_KIB,
    firstScreen: first,
    totalJsKiB: kib(total),
    jsChunks: allJs.length,
    telegramSdkKiB: init ? kib(sdkFiles.reduce((sum, f) => sum + gzipBytes(path.join(assetsDir, f)), 0)) : null,
    preloadsCoverStaticImports: firstSet.size === first.length,
    cssKiB: kib(css),
  };
}
