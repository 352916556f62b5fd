// The classic deck's art stays sharp when enlarged: on a 2× and a 3× phone screen the zoomed card is drawn
// from the 480 or 720 px file (at least two of the file's pixels per CSS pixel), while the first screen and
// the cards on the mat load only the small files. Screenshots of the zoom in light and dark, 390 px wide.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { drawCards, imagesLoaded, launch, openSpread, viewportShot, type Theme } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 120_000;
const HD = /-(480|720)\.webp$/;

/** The zoomed card: its file, CSS width, `naturalWidth` and the pixel width of the file itself. */
const zoomImage = (page: Page) =>
  page.getByTestId('zoom-image').evaluate(async (el) => {
    const img = el as HTMLImageElement;
    // naturalWidth is divided by the srcset's density, so the file's own pixels are read from a bare copy.
    const probe = new Image();
    probe.src = img.currentSrc;
    await probe.decode();
    return { src: new URL(img.currentSrc).pathname, cssWidth: img.clientWidth, natural: img.naturalWidth, filePixels: probe.naturalWidth };
  });

describe.runIf(browserAvailable())('sharp card art (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  const cases: { scale: number; theme: Theme; file: number }[] = [
    { scale: 2, theme: 'light', file: 480 },
    { scale: 3, theme: 'dark', file: 720 },
  ];
  for (const { scale, theme, file } of cases) {
    it(
      `${scale}× screen (${theme}): the mat uses the small files, the zoom the ${file} px file, and home loads only the back of today's card`,
      async () => {
        const { page, consoleErrors } = await env.newPage({ deviceScaleFactor: scale, fresh: true });
        const requested: string[] = [];
        page.on('request', (r) => requested.push(new URL(r.url()).pathname));
        await launch(env, page, { user: 650000 + scale, plan: 'vip', theme });
        // The first screen loads no card face: only the back of today's card, not yet drawn (an SVG).
        expect(requested.filter((p) => p.startsWith('/decks/'))).toEqual(['/decks/rws/back.svg']);

        // The Celtic cross: ten cards, each small on the mat.
        await openSpread(page, 'celtic_cross', 'Что меня ждёт в этом месяце?');
        await drawCards(page, 10);
        await settled(page);
        await imagesLoaded(page);
        const mat = await page.$$eval('[data-testid=mat] img.card-img:not(.card-back)', (imgs) =>
          imgs.map((img) => ({ src: new URL((img as HTMLImageElement).currentSrc).pathname, loading: img.getAttribute('loading') })),
        );
        expect(mat).toHaveLength(10);
        for (const img of mat)
          expect(img).toMatchObject({ src: expect.stringMatching(/^\/decks\/rws\/[a-z-]+-s\.webp$/), loading: 'lazy' });
        expect(requested.filter((p) => HD.test(p))).toEqual([]); // nothing large before a card is opened

        await page
          .locator('[data-testid=mat] [data-testid=card-zoom-open]')
          .first()
          .click({ position: { x: 10, y: 8 } });
        await page.getByTestId('card-zoom').waitFor();
        await imagesLoaded(page);
        await settled(page);
        const zoom = await zoomImage(page);
        const cardId = mat[0].src.replace('/decks/rws/', '').replace('-s.webp', '');
        expect(zoom.src).toBe(`/decks/rws/${cardId}-${file}.webp`);
        expect(zoom.cssWidth).toBe(240);
        expect(zoom.filePixels).toBe(file);
        expect(zoom.filePixels).toBeGreaterThanOrEqual(scale * zoom.cssWidth);
        expect(requested.filter((p) => HD.test(p))).toEqual([zoom.src]); // only the size this screen needs
        await viewportShot(env, page, `zoom-sharp-${theme}-${scale}x`);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
