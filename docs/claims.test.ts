// What the README and docs/ name must exist: a file or folder written in backticks, an `npm run` script, an
// environment variable, an HTTP route («GET /api/…»). Counts that go stale (how many files or tests) are not
// written down at all. The links have their own test (links.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApi } from '../api/app';

const ROOT = path.resolve(__dirname, '..');
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results']);

/** Every file and folder of the repository, as relative paths. */
function repositoryPaths(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(e.name)) continue;
      const rel = dir ? `${dir}/${e.name}` : e.name;
      out.push(rel);
      if (e.isDirectory()) walk(rel);
    }
  };
  walk('');
  return out;
}

const text = (doc: string) => fs.readFileSync(path.join(ROOT, doc), 'utf8');
const codeSpans = (doc: string) => [...text(doc).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

/** Made by a build or a run, not committed: named in the docs but absent from a clone. */
const GENERATED = /^(\.\/)?(dist|data|test-results|node_modules)(\/|$)/;
/** Names with a slash that are not paths of ours: packages, time zones, GitHub projects, URL templates. */
const NOT_A_PATH = /^(hono\/|@|[A-Z][a-z]+\/[A-Z]|metabismuth\/|[A-Z_]+\/)/;

describe('the docs name only what exists', () => {
  const paths = repositoryPaths();
  const exists = (name: string) => {
    const n = name.replace(/\/$/, '');
    return paths.some((p) => p === n || p.endsWith(`/${n}`));
  };

  it.each(DOCS)('%s: every file and folder it names exists', (doc) => {
    const missing = codeSpans(doc)
      .filter((s) => /^[\w.\-/]+\.(ts|tsx|mjs|js|json|md|css|html|yml|sh)$/.test(s) || /^[\w.-]+\/[\w.\-/]*$/.test(s))
      .filter((s) => !GENERATED.test(s) && !NOT_A_PATH.test(s) && !exists(s));
    expect(missing).toEqual([]);
  });

  it.each(DOCS)('%s: every npm script it names exists', (doc) => {
    const scripts = Object.keys(JSON.parse(text('package.json')).scripts);
    const named = [...text(doc).matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]);
    expect(named.filter((n) => !scripts.includes(n))).toEqual([]);
  });

  it.each(DOCS)('%s: every environment variable it names is read somewhere', (doc) => {
    const sources = paths
      .filter((p) => /\.(ts|tsx|mjs)$/.test(p) || ['.ci/run', 'Dockerfile', 'docker-compose.yml'].includes(p))
      .map((p) => fs.readFileSync(path.join(ROOT, p), 'utf8'))
      .join('\n');
    const vars = codeSpans(doc)
      .map((s) => /^([A-Z][A-Z0-9]*_[A-Z0-9_]+)(=.*)?$/.exec(s)?.[1])
      .filter((v): v is string => !!v);
    expect([...new Set(vars)].filter((v) => !new RegExp(`\\b${v}\\b`).test(sources))).toEqual([]);
  });

  it.each(DOCS)('%s: writes down no counts of files or tests', (doc) => {
    expect(text(doc).match(/\b\d+\s+(test files|files|tests)\b/g) ?? []).toEqual([]);
  });

  it('every route the docs name is served', () => {
    // The app's routes as Hono registers them; the services behind them are never called here.
    const inert: any = new Proxy(() => {}, { get: (_t, k) => (k === 'then' ? undefined : inert), apply: () => inert });
    const app = createApi({ services: inert, identity: inert, logger: inert, localMode: true, telegramWebhook: inert, metrics: inert });
    const shape = (p: string) => p.replace(/\/:[^/]+/g, '/:p').replace(/\/$/, '');
    const served = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${shape(r.path)}`));
    const named = DOCS.flatMap((doc) =>
      [...text(doc).matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/(?:api|dev|metrics)[\w/:.{}-]*)/g)].map((m) => ({
        doc,
        route: `${m[1]} ${shape(m[2].replace(/\{[^}]+\}/g, ':p'))}`,
      })),
    );
    expect(named.filter((n) => !served.has(n.route))).toEqual([]);
  });
});
