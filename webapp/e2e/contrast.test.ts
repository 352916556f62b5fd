// Every screen in light and dark at 390×844, audited with axe-core (injected by the test, never bundled):
// no text below WCAG AA contrast, and no serious or critical violation of the other rules; every control at
// least 44×44 px to tap; no screen caps the zoom (maximum-scale, user-scalable). The paid screens are seen
// signed in with a plan. Screenshots of each state go to test-results/screenshots/a11y-<screen>-<theme>.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe, type AxeFinding } from './axe';
import { nextFanCard } from './ritual-helpers';
import { enabled, settled } from './settled';
import { smallTapTargets } from './tap-targets';

const TIMEOUT = 240_000;

/** Until the screen shows no loading state (its data arrived). */
async function settledLoading(page: Page) {
  await expect
    .poll(() => page.locator('[aria-busy="true"], .spinner').count(), { timeout: 20_000, message: 'the screen kept loading' })
    .toBe(0);
}
const THEMES = ['light', 'dark'] as const;

describe.runIf(browserAvailable())('contrast and accessibility of every screen (browser, axe-core)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  for (const theme of THEMES) {
    it(
      `${theme}: no contrast violations and no serious ones on any screen`,
      async () => {
        const base = theme === 'light' ? 640_000 : 650_000;
        const contrast: string[] = [];
        const serious: string[] = [];
        const taps: string[] = [];
        const zoom: string[] = [];
        const audited: string[] = [];
        let page = undefined as unknown as Page;
        const audit = async (name: string) => {
          await settled(page);
          const r = await runAxe(page);
          const tag = (f: AxeFinding[]) =>
            describeFindings(f)
              .split('\n')
              .filter(Boolean)
              .map((l) => `[${name}] ${l}`);
          contrast.push(...tag(r.contrast));
          serious.push(...tag(r.serious));
          taps.push(...(await smallTapTargets(page)).map((l) => `[${name}] ${l}`));
          const viewport = await page.locator('meta[name=viewport]').getAttribute('content');
          if (!viewport || /maximum-scale|user-scalable/.test(viewport)) zoom.push(`[${name}] ${viewport}`);
          audited.push(name);
          await env.screenshot(page, `a11y-${name}-${theme}`);
        };
        // Each launch signs another user in, in the same page (a new one would cost a new renderer process).
        const launch = async (user: number, to: string, extra = '') => {
          if (!page) {
            ({ page } = await env.newPage());
            if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
          }
          await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ира&theme=${theme}&to=${encodeURIComponent(to)}${extra}`);
          return page;
        };
        const tid = (id: string) => page.getByTestId(id).first();

        // Home, the spread menu and a locked spread's explanation.
        await launch(base + 1, '/');
        await tid('greeting').waitFor();
        await expect.poll(() => tid('free-spread-badge').count()).toBe(1);
        await audit('home');
        await page.goto(`${env.baseUrl}/spread-menu`);
        await tid('spread-celtic_cross').waitFor();
        await enabled(page, 'spread-celtic_cross');
        await audit('spread-menu');
        await tid('spread-celtic_cross').click();
        await tid('locked-spread').waitFor();
        await audit('spread-locked');

        // The reading: question, cards (face down, then turned), interpretation, history.
        await launch(base + 7, '/question');
        await tid('question-input').waitFor();
        await audit('question');
        await tid('question-input').fill('Что принесёт мне эта неделя?');
        await tid('question-continue').click();
        await expect.poll(() => nextFanCard(page).isEnabled(), { timeout: 20_000 }).toBe(true);
        await audit('cards');
        for (let i = 1; i <= 3; i++) {
          await expect.poll(() => nextFanCard(page).isEnabled(), { timeout: 20_000 }).toBe(true);
          await nextFanCard(page).click();
          await expect.poll(() => page.getByTestId('drawn-card').count()).toBe(i);
        }
        await audit('cards-drawn');
        await tid('get-answer').click();
        await tid('interpretation-text').waitFor({ timeout: 30_000 });
        await audit('interpretation');
        await page.goto(`${env.baseUrl}/history`);
        await tid('history-item').waitFor();
        await audit('history');
        await tid('history-item').click();
        await tid('interpretation-text').waitFor();
        await audit('history-reading');

        // The simple daily card: face down (with its hint), then turned.
        await launch(base + 2, '/daily-card');
        await tid('daily-card-back').waitFor();
        await audit('daily-card');
        await tid('daily-card-back').click();
        await tid('daily-card-name').waitFor();
        await audit('daily-card-revealed');
        // Home with today's card face up.
        await page.goto(`${env.baseUrl}/`);
        await tid('home-daily-open').waitFor();
        await audit('home-today');

        // The interactive daily card: face down, drawing («Карта открывается…»), revealed with the offers.
        await launch(base + 3, '/interactive-daily-card');
        await tid('draw-card').waitFor();
        await audit('interactive-idle');
        await tid('draw-card').click();
        await tid('draw-spinner').waitFor();
        const hint = await page.evaluate(() => {
          const el = document.querySelector('.draw-area .deck-hint') as HTMLElement;
          return { text: el.textContent, color: getComputedStyle(el).color };
        });
        expect(hint.text).toBe('Карта открывается…');
        // Not white on a light page.
        if (theme === 'light') expect(hint.color).not.toMatch(/^rgba?\(255, 255, 255/);
        await audit('interactive-drawing');
        await tid('interactive-card-name').waitFor();
        await tid('micro-offer').waitFor();
        await tid('week-upsell').waitFor();
        await audit('interactive-revealed');
        await tid('micro-buy').click();
        await tid('micro-success').waitFor({ timeout: 30_000 });
        await audit('micro-result');

        // Natal form and chart.
        await launch(base + 4, '/natal-form');
        await tid('natal-date').waitFor();
        await audit('natal-form');
        await tid('natal-date').fill('15.05.1990');
        await tid('natal-time').fill('12:30');
        await tid('natal-city').fill('Екатеринбург');
        await tid('city-option').waitFor();
        await tid('city-option').click();
        await tid('natal-submit').click();
        await tid('sun-sign').waitFor();
        await audit('natal-chart');

        // Plans, terms, contacts.
        for (const [path, ready, name] of [
          ['/services', 'how-it-works', 'services'],
          ['/terms', 'terms-text', 'terms'],
          ['/contacts', 'provider', 'contacts'],
        ] as const) {
          await page.goto(`${env.baseUrl}${path}`);
          await tid(ready).waitFor();
          await audit(name);
        }

        // The subscription screen's four views.
        await launch(base + 5, '/subscription');
        await tid('plan-vip').waitFor();
        await audit('subscription-free');
        for (const [plan, ready] of [
          ['basic', 'paid-view'],
          ['vip', 'paid-view'],
          ['week', 'week-view'],
        ] as const) {
          await launch(base + 10 + plan.length, '/subscription', `&plan=${plan}`);
          await tid(ready).waitFor();
          await audit(`subscription-${plan}`);
        }

        // Signed in with a plan: home (its «Безлимитно» pill), the spread menu with every spread open, the
        // deck and settings, the journal.
        await launch(base + 20, '/', '&plan=vip');
        await tid('plan-badge').waitFor();
        await audit('home-vip');
        await page.goto(`${env.baseUrl}/spread-menu`);
        await enabled(page, 'spread-celtic_cross');
        await audit('spread-menu-vip');
        await page.goto(`${env.baseUrl}/settings`);
        await tid('settings').waitFor();
        await settledLoading(page);
        await audit('settings');
        await page.goto(`${env.baseUrl}/journal`);
        await tid('journal').waitFor();
        await settledLoading(page);
        await audit('journal');

        // The debug overlay (opened) and the red error banner.
        await launch(base + 6, '/');
        await tid('greeting').waitFor();
        await page.goto(`${env.baseUrl}/?debug=1`);
        await tid('greeting').waitFor();
        await tid('debug-toggle').click();
        await tid('debug-body').waitFor();
        await page.evaluate(() => setTimeout(() => Promise.reject(new Error('проверка баннера')), 0));
        await tid('error-banner').waitFor();
        await audit('debug-overlay');

        // Outside Telegram: no launch data at all.
        ({ page } = await env.newPage());
        if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(`${env.baseUrl}/`);
        await tid('outside-telegram').waitFor();
        await tid('open-bot').waitFor();
        await audit('outside-telegram');

        expect(contrast, contrast.join('\n')).toEqual([]);
        expect(serious, serious.join('\n')).toEqual([]);
        expect(taps, taps.join('\n')).toEqual([]);
        expect(zoom, zoom.join('\n')).toEqual([]);
        expect(audited).toHaveLength(31);
      },
      TIMEOUT,
    );
  }
});
