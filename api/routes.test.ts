// A URL names its file: every /api route lives in api/routes/<its first segment>.ts, mounted at that prefix,
// and every file there serves its prefix. Read from the app's own route table (no request is made, so the
// services are a stand-in that only has to exist) and from the files' text.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApi, type ApiOptions } from './app';

const ROUTES = path.join(__dirname, 'routes');
// Mounted outside /api: the local-mode pages, the web app, and the card pictures Telegram fetches (/card-images).
const OUTSIDE_API = ['dev.ts', 'webapp.ts', 'card-images.ts'];

// Any property, any call: enough for createApi to wire its routes (nothing here is ever called by a request).
const standIn: any = new Proxy(() => {}, { get: (_t, key) => (key === 'then' ? undefined : standIn), apply: () => standIn });

describe('route files', () => {
  const app = createApi({
    services: standIn,
    identity: standIn,
    logger: pino({ level: 'silent' }),
    localMode: true,
    telegramWebhook: () => new Response(null),
  } as ApiOptions);
  const routes = app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL');

  it('every /api route is written in the file its first segment names, at its path under the prefix', () => {
    expect(routes.length).toBeGreaterThan(100);
    const misplaced: string[] = [];
    for (const r of routes) {
      const [, , prefix, ...rest] = r.path.split('/');
      const file = path.join(ROUTES, `${prefix}.ts`);
      const sub = `'/${rest.join('/')}'`;
      if (!fs.existsSync(file)) misplaced.push(`${r.method} ${r.path}: no api/routes/${prefix}.ts`);
      else if (!fs.readFileSync(file, 'utf8').includes(sub)) misplaced.push(`${r.method} ${r.path}: ${sub} not in api/routes/${prefix}.ts`);
    }
    expect(misplaced).toEqual([]);
  });

  it('every file of api/routes/ serves the prefix it is named after', () => {
    const prefixes = new Set(routes.map((r) => r.path.split('/')[2]));
    const files = fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !OUTSIDE_API.includes(f));
    expect(files.filter((f) => !prefixes.has(f.replace(/\.ts$/, '')))).toEqual([]);
  });
});
