// Serves the built Mini App: hashed assets cached forever, index.html for every app route, and a redirect
// to '/' for any other path.
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppRoute } from '../../domain/app/routes';

/** Reads the built index.html (null before a build), again only when the file changed. */
export function indexReader(distDir: string): () => string | null {
  const indexFile = path.join(distDir, 'index.html');
  let index: { mtimeMs: number; html: string } | null = null;
  return () => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!index || index.mtimeMs !== stat.mtimeMs) index = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return index.html;
  };
}

export const webappRoutes = (distDir: string) => {
  const readIndex = indexReader(distDir);
  const root = path.relative(process.cwd(), distDir) || '.';

  return (
    new Hono()
      .use('/assets/*', async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
      })
      .use('/assets/*', serveStatic({ root }))
      .use('/cards/*', async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=86400');
      })
      .use('/cards/*', serveStatic({ root }))
      // The classic deck's pictures: they never change under a name.
      .use('/decks/*', async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=604800');
      })
      .use('/decks/*', serveStatic({ root }))
      // The headings' font (webapp/public/fonts): it never changes under a name.
      .use('/fonts/*', async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=604800');
      })
      .use('/fonts/*', serveStatic({ root }))
      .get('/favicon.svg', serveStatic({ root }))
      .get('*', (c) => {
        if (!isAppRoute(c.req.path)) return c.redirect('/', 302);
        const html = readIndex();
        if (!html) return c.text('Веб-приложение не собрано: выполните npm run build', 503);
        c.header('Cache-Control', 'no-cache');
        return c.html(html);
      })
  );
};
