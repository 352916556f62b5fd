// The layering, checked on every import (runtime, type-only and dynamic `import()`), read with TypeScript's
// own pre-parser: services/, db/ and domain/ never import from webapp/, api/ or bot/; domain/ imports
// nothing of ours outside it, and its subject folders import only the folders below them (DOMAIN_FOLDERS); db/ no services; config.ts and logger.ts sit below db/ and the services; and no
// files import each other in a loop. `knip --cycles` sees only runtime loops, hence the type-only and lazy ones here.
import fs from 'node:fs';
import path from 'node:path';
import ts from './scripts/typescript';
import { describe, expect, it } from 'vitest';

const ROOT = __dirname;
const SKIP = new Set(['node_modules', 'dist', 'test-results', '.git']);

function sourceFiles(dir = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** A relative specifier as the file it names among `known` (else the bare path), as TypeScript resolves ours. */
function resolve(from: string, spec: string, known: Set<string>): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => known.has(c)) ?? base;
}

/** The files each source imports, in any form (static, type-only, re-export, `import()`). */
function graphOf(files: Record<string, string>): Map<string, string[]> {
  const known = new Set(Object.keys(files));
  return new Map(
    Object.entries(files).map(([file, text]) => [
      file,
      ts
        .preProcessFile(text, true, true)
        .importedFiles.filter((f) => f.fileName.startsWith('.'))
        .map((f) => resolve(file, f.fileName, known)),
    ]),
  );
}

const layerOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);

const ABOVE_SERVICES = ['webapp', 'api', 'bot'];

/**
 * What each layer may not import. domain/ stands alone; db/ and services/ may read config.ts and logger.ts
 * (root files below them) and, in their tests, the test helpers; nothing under the entry points.
 */
const FORBIDDEN: Record<string, (target: string) => boolean> = {
  domain: (t) => layerOf(t) !== 'domain',
  db: (t) => ['services', ...ABOVE_SERVICES].includes(layerOf(t)),
  services: (t) => ABOVE_SERVICES.includes(layerOf(t)),
  'config.ts': (t) => ['services', 'db', ...ABOVE_SERVICES].includes(layerOf(t)),
  'logger.ts': (t) => ['services', 'db', ...ABOVE_SERVICES].includes(layerOf(t)),
};

/**
 * domain/'s subject folders, lowest first: a folder imports only those before it (and domain/types.ts, the
 * shared vocabulary, which imports none). Plain text and time; the sky; the cards; their art; the reading of
 * them; the app's own records; what is sold.
 */
const DOMAIN_FOLDERS = ['text', 'astro', 'tarot', 'art', 'reading', 'app', 'commerce'] as const;

/** The domain folder a file is in: -1 for domain/types.ts (below all), undefined outside domain/ or unknown. */
function domainRank(file: string): number | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'domain') return undefined;
  if (parts.length === 2) return parts[1] === 'types.ts' ? -1 : undefined;
  const rank = DOMAIN_FOLDERS.indexOf(parts[1] as (typeof DOMAIN_FOLDERS)[number]);
  return rank < 0 ? undefined : rank;
}

function layeringBreaches(graph: Map<string, string[]>): string[] {
  const breaches: string[] = [];
  for (const [file, targets] of graph) {
    const forbidden = FORBIDDEN[layerOf(file)];
    if (!forbidden) continue;
    for (const t of targets) if (forbidden(t)) breaches.push(`${file} → ${t}`);
    if (layerOf(file) !== 'domain') continue;
    // Every domain file lives in a subject folder (or is the shared types), and imports none above its own.
    const from = domainRank(file);
    if (from === undefined) breaches.push(`${file}: not in a domain folder (${DOMAIN_FOLDERS.join(', ')})`);
    for (const t of targets) {
      const to = domainRank(t);
      if (from !== undefined && to !== undefined && to > from) breaches.push(`${file} → ${t}`);
    }
  }
  return breaches;
}

/** The loops of the graph: each strongly connected set of more than one file (or a file importing itself). */
function importLoops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1 || (graph.get(v) ?? []).includes(v)) loops.push(set.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

describe('layering', () => {
  const graph = graphOf(Object.fromEntries(sourceFiles().map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')])));

  it('reads every kind of import, and a line that imports upward or closes a loop breaks the rule', () => {
    const bad = graphOf({
      'services/a.ts': "import type { AppType } from '../api/app';\nexport const x = () => import('./b');",
      'services/b.ts': "export { x } from './a';",
      'domain/tarot/c.ts': "import { DECK } from '../../db/connection';\nimport { PRICES } from '../commerce/pricing';",
      'domain/commerce/pricing.ts': "import { DECK } from '../tarot/c';",
      'domain/loose.ts': 'export const x = 1;',
      'db/d.ts': "import { y } from '../services/a';",
      'config.ts': "import type { AiConfig } from './services/deps';",
    });
    expect(layeringBreaches(bad).sort()).toEqual([
      'config.ts → services/deps',
      'db/d.ts → services/a.ts',
      'domain/loose.ts: not in a domain folder (text, astro, tarot, art, reading, app, commerce)',
      'domain/tarot/c.ts → db/connection',
      'domain/tarot/c.ts → domain/commerce/pricing.ts',
      'services/a.ts → api/app',
    ]);
    expect(importLoops(bad).sort()).toEqual([
      ['domain/commerce/pricing.ts', 'domain/tarot/c.ts'],
      ['services/a.ts', 'services/b.ts'],
    ]);
  });

  it('services/, db/ and domain/ import nothing above them, nor a domain folder one above it; config.ts and logger.ts no services', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(layeringBreaches(graph)).toEqual([]);
  });

  it('no files import each other in a loop, counting type-only and lazy imports', () => {
    const loops = importLoops(new Map([...graph].filter(([f]) => !/\.test\.tsx?$/.test(f))));
    expect(loops).toEqual([]);
  });
});
