// The app's router (api/cached-router.ts) answers as Hono's own does, whether a path's answer is remembered
// (no parameters) or not (each id gets its own parameters).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CachedRouter } from './cached-router';

function routes(app: Hono) {
  app.use('*', async (c, next) => {
    c.header('X-Seen', 'yes');
    await next();
  });
  app.get('/api/readings/in-progress', (c) => c.text('in progress'));
  app.get('/api/readings/:id', (c) => c.text(`reading ${c.req.param('id')}`));
  app.get('/api/readings/:id/image', (c) => c.text(`image ${c.req.param('id')}`));
  app.all('/api/*', (c) => c.text('none', 404));
  return app;
}

describe('the cached router', () => {
  const cached = routes(new Hono({ router: new CachedRouter() }));
  const plain = routes(new Hono());
  const answer = async (app: Hono, path: string, method = 'GET') => {
    const res = await app.request(path, { method });
    return [res.status, res.headers.get('x-seen'), await res.text()];
  };

  it('answers every path as Hono does, asked twice (the second from memory where there is one)', async () => {
    const paths = [
      '/api/readings/in-progress',
      '/api/readings/5',
      '/api/readings/6',
      '/api/readings/5/image',
      '/api/nothing',
      '/api/readings/in-progress',
    ];
    for (const path of [...paths, ...paths]) expect(await answer(cached, path), path).toEqual(await answer(plain, path));
    expect(await answer(cached, '/api/readings/in-progress', 'POST')).toEqual(await answer(plain, '/api/readings/in-progress', 'POST'));
  });

  it('like Hono’s own router, refuses a route once it has matched, and answers as before', async () => {
    const app = routes(new Hono({ router: new CachedRouter() }));
    expect(await answer(app, '/api/late')).toEqual([404, 'yes', 'none']);
    const router = app.router as CachedRouter<unknown>;
    const [[handler]] = router.match('GET', '/api/readings/in-progress')[0] as [unknown, unknown][];
    expect(() => router.add('GET', '/api/late', handler)).toThrow(/already built/);
    expect(router.match('GET', '/api/late')[0].length).toBe(2);
  });
});
