import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import fs from 'node:fs';
import { DECK } from '../domain/tarot/deck.ts'; // extensions: Vite's config loader asks for them
import { lockfileHash } from '../scripts/lockfile.mjs';
import { cardBackSvg, cardSvg } from '../domain/art/card-art.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The 78 card faces and the back as static files (`cards/<suit>/<id>.svg`, `cards/back.svg`, and the back for
 * the classic deck's proportions `decks/rws/back.svg`), drawn at
 * build time from domain/art/card-art.ts: no screen's JavaScript carries the drawings, and the browser caches each.
 */
function cardArt(): Plugin {
  const files = (): Map<string, () => string> => {
    const m = new Map<string, () => string>();
    for (const card of DECK) m.set(card.image.replace(/^\//, ''), () => cardSvg(card));
    m.set('cards/back.svg', cardBackSvg);
    // The classic deck's cards are 7:12: the same back, stretched to those proportions.
    m.set(
      'decks/rws/back.svg',
      () =>
        cardBackSvg().replace(
          /^<svg [^>]*>/,
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 309" width="180" height="309"><svg x="0" y="0" width="180" height="309" viewBox="0 0 180 270" preserveAspectRatio="none">',
        ) + '</svg>',
    );
    return m;
  };
  return {
    name: 'taro-card-art',
    generateBundle() {
      for (const [fileName, draw] of files()) this.emitFile({ type: 'asset', fileName, source: draw() });
    },
    configureServer(server) {
      const map = files();
      server.middlewares.use((req, res, next) => {
        const draw = map.get((req.url ?? '').split('?')[0].replace(/^\//, ''));
        if (!draw) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(draw());
      });
    },
  };
}

/** After a build, the packages it was built with (scripts/web-build.ts compares them: an install makes it stale). */
function buildRecord(): Plugin {
  return {
    name: 'taro-build-record',
    apply: 'build',
    closeBundle() {
      fs.writeFileSync(
        path.join(here, '..', 'dist', 'webapp-build.json'),
        JSON.stringify({ lockHash: lockfileHash(path.join(here, '..')) }),
      );
    },
  };
}

/**
 * The app's stylesheet moves from the head to the end of the body, and is not asked for by the HTML itself:
 * its link comes as `rel="app-stylesheet"` (a relation browsers do not fetch), and the shell's inline script
 * makes it a stylesheet once the shell (greeting included, drawn by the HTML's own styles) has been painted.
 * In the head it held the first paint until it had arrived; asked for by the HTML anywhere, it was one more
 * request before the greeting on a phone's network. The app's code makes the link a stylesheet itself if the
 * page has not yet (a hidden page paints no frames) and draws only once it has applied (webapp/src/main.tsx),
 * so React never draws unstyled.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'taro-stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        if (!links.length || !html.includes('</body>')) throw new Error('index.html: no stylesheet link or no </body>');
        for (const link of links) html = html.replace(link, '');
        const later = links.map((l) => l.replace('<link rel="stylesheet"', '<link rel="app-stylesheet" data-app-stylesheet'));
        return html.replace(/^([ \t]*)<\/body>/m, (_end, indent) => `${later.join('')}${indent}</body>`);
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: here,
  publicDir: path.join(here, 'public'),
  plugins: [cardArt(), stylesheetAfterShell(), buildRecord()],
  // A build is always the production one, also when started from a test run (vitest sets NODE_ENV=test,
  // which would otherwise give React's development build).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: path.join(here, '..', 'dist', 'webapp'),
    emptyOutDir: true,
    target: 'es2020',
    // One stylesheet for every screen, linked after the shell (stylesheetAfterShell says why): the screens'
    // stylesheets, which Vite would add to the head as their chunks load, would come before it there and
    // lose to it.
    cssCodeSplit: false,
    sourcemap: false,
    // Everything the entry imports statically (React, the API client, home's own modules) goes into the entry's
    // one file. Left to itself the bundler splits the modules the lazy screens share with home into a dozen
    // small chunks, each a request the phone makes before the greeting (19 in all; with this, the page,
    // this file, the stylesheet and the font). The screens' chunks import from it.
    rollupOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' } },
}));
