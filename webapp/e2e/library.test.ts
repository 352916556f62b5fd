// «Библиотека карт» and the daily «Урок» in a real browser: the search by name and keyword, the other deck a
// tap away, a card opened by its deep link (startapp=card_<id>) with its count from the user's own readings and
// the readings a tap away, and a lesson answered (checked by the server). Screenshots at 390 px, light and dark,
// each screen audited with axe-core (contrast and serious findings).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonFor } from '../../domain/tarot/lesson';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { describeFindings, runAxe } from './axe';
import { pageApi } from './page-api';
import { settled } from './settled';
import { smallTapTargets } from './tap-targets';

const TIMEOUT = 120_000;

/** axe-core on the screen as it is: no text below WCAG AA contrast, no serious or critical finding. */
async function accessible(page: Page) {
  const r = await runAxe(page);
  expect(describeFindings([...r.contrast, ...r.serious])).toBe('');
}

describe.runIf(browserAvailable())('card library (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const) {
    it(
      `the library is searched by name and keyword, and shows the other deck on a tap (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 660001 : 660002;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ира&theme=${theme}`);
        await page.getByTestId('greeting').waitFor();
        await page.getByTestId('library-link').click();
        await page.getByTestId('library-grid').waitFor();
        expect(await page.locator('.library-tile').count()).toBe(78);
        await settled(page);
        await env.screenshot(page, `library-grid-${theme}`);
        await accessible(page);

        // By name (any case, ё as е): «звезд» finds the Star.
        await page.getByTestId('library-search').fill('звезд');
        await expect.poll(() => page.locator('.library-tile').count()).toBe(1);
        expect(await page.getByTestId('library-card-star').textContent()).toBe('Звезда');
        // By a keyword: «надежда» is one of the Star's.
        await page.getByTestId('library-search').fill('надежда');
        await expect.poll(() => page.getByTestId('library-card-star').count()).toBe(1);
        // Nothing found is said so.
        await page.getByTestId('library-search').fill('единорог');
        await page.getByTestId('library-empty').waitFor();
        // A suit: the fourteen cups.
        await page.getByTestId('library-search').fill('');
        await page.getByTestId('library-suit-cups').click();
        await expect.poll(() => page.locator('.library-tile').count()).toBe(14);
        // The suit chips and «Показать: …» are 44 px to tap.
        expect((await smallTapTargets(page)).filter((l) => /library-suit|library-other-deck/.test(l))).toEqual([]);

        // The other deck a tap away: the grid's pictures switch from the classic files to the drawn ones.
        expect(await page.locator('[data-testid="library-card-ace-of-cups"] img').getAttribute('src')).toBe(
          '/decks/rws/ace-of-cups-s.webp',
        );
        await page.getByTestId('library-other-deck').click();
        await expect
          .poll(() => page.locator('[data-testid="library-card-ace-of-cups"] img').getAttribute('src'))
          .toBe('/cards/cups/ace-of-cups.svg');
        await page.getByTestId('library-card-ace-of-cups').click();
        await page.getByTestId('card-page-name').waitFor();
        expect(await page.getByTestId('card-page-image').getAttribute('src')).toBe('/cards/cups/ace-of-cups.svg');
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }

  for (const theme of ['light', 'dark'] as const) {
    it(
      `a card’s deep link opens its page with the count from the user’s own readings (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 660003 : 660004;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ира&plan=vip&theme=${theme}`);
        await page.getByTestId('greeting').waitFor();
        const dealt: { cardId: string; name: string; orientation: string }[] = [];
        const ids: number[] = [];
        const cardsOf = new Map<number, string[]>();
        for (const spreadType of ['celtic_cross', 'past_present_future', 'celtic_cross']) {
          const r = await pageApi(page, 'POST', '/api/readings', { spreadType, question: 'Что важно сейчас?' });
          expect(r.status).toBe(201);
          ids.push(r.data.id);
          dealt.push(...r.data.cards);
          cardsOf.set(
            r.data.id,
            r.data.cards.map((c: { cardId: string }) => c.cardId),
          );
        }
        // The card that came most often.
        const counts = new Map<string, typeof dealt>();
        for (const c of dealt) counts.set(c.cardId, [...(counts.get(c.cardId) ?? []), c]);
        const [cardId, seen] = [...counts.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
        const reversed = seen.filter((c) => c.orientation === 'reversed').length;

        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ира&plan=vip&theme=${theme}&startapp=card_${cardId}`);
        await page.getByTestId('library-card').waitFor();
        expect(new URL(page.url()).pathname).toBe(`/library/${cardId}`);
        expect(await page.getByTestId('card-page-name').textContent()).toBe(seen[0]!.name);
        const times = seen.length;
        const word = times % 10 >= 2 && times % 10 <= 4 && (times % 100 < 12 || times % 100 > 14) ? 'раза' : 'раз';
        await expect
          .poll(() => page.getByTestId('card-history-counts').textContent())
          .toBe(`Выпадала ${times} ${word}: прямой — ${times - reversed}, перевёрнутой — ${reversed}.`);
        const readings = page.getByTestId('card-history-reading');
        // Each reading holding the card is listed once, newest first.
        const withCard = ids.filter((id) => cardsOf.get(id)!.includes(cardId)).reverse();
        expect(await readings.count()).toBe(withCard.length);
        expect(await page.getByTestId('card-page-upright').textContent()).toContain('Прямое положение');
        expect(await page.getByTestId('card-page-reversed').textContent()).toContain('Перевёрнутое положение');
        // The picture is sharp on a 2× screen (the srcset) and zooms on a tap.
        expect(await page.getByTestId('card-page-image').getAttribute('srcset')).toContain('-480.webp 480w');
        await settled(page);
        await env.screenshot(page, `library-card-${theme}`);
        await accessible(page);
        await page.getByTestId('card-page-zoom').click();
        await page.getByTestId('card-zoom').waitFor();
        expect(await page.getByTestId('zoom-name').textContent()).toBe(seen[0]!.name);
        await page.getByTestId('zoom-close').click();

        // The latest reading is a tap away: the archive's reading.
        await readings.first().click();
        await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/history\/\d+$/);
        expect(Number(new URL(page.url()).pathname.split('/').pop())).toBe(withCard[0]);
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }

  for (const theme of ['light', 'dark'] as const) {
    it(
      `a lesson answered: the server says right or wrong, the lesson ends with the score and the streak (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 660005 : 660006;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Ира&theme=${theme}&to=/library`);
        await page.getByTestId('lesson-link').click();
        await page.getByTestId('lesson-question-2').waitFor();
        const { data } = await pageApi(page, 'GET', '/api/lessons/today');
        const key = lessonFor(user, data.day);
        await settled(page);
        await env.screenshot(page, `lesson-${theme}`);

        await page.getByTestId(`lesson-choice-0-${key[0]!.answer}`).click();
        await expect.poll(() => page.getByTestId('lesson-verdict-0').textContent()).toContain('Верно!');
        const wrong = (key[1]!.answer + 1) % 3;
        await page.getByTestId(`lesson-choice-1-${wrong}`).click();
        await expect.poll(() => page.getByTestId('lesson-verdict-1').textContent()).toContain('Не совсем');
        // «О карте» beside the verdict is 44 px to tap.
        expect((await smallTapTargets(page)).filter((l) => /О карте/.test(l))).toEqual([]);
        expect(await page.getByTestId(`lesson-choice-1-${key[1]!.answer}`).getAttribute('class')).toContain('is-right');
        // An answered question takes no second answer.
        expect(await page.getByTestId(`lesson-choice-1-${key[1]!.answer}`).isDisabled()).toBe(true);
        await page.getByTestId(`lesson-choice-2-${key[2]!.answer}`).click();
        await page.getByTestId('lesson-done').waitFor();
        expect(await page.getByTestId('lesson-done').textContent()).toContain('Урок пройден: 2 из 3');
        expect(await page.getByTestId('lesson-streak').textContent()).toBe('1');
        // Plural forms agree with the numbers: «1 день подряд», «1 урок пройден».
        const progress = await page.getByTestId('lesson-progress').innerText();
        expect(progress).toMatch(/1\s+день подряд/);
        expect(progress).toMatch(/1\s+урок пройден/);
        await settled(page);
        await env.screenshot(page, `lesson-done-${theme}`);
        await accessible(page);

        // A reload shows the answers the server stored.
        await page.reload();
        await page.getByTestId('lesson-done').waitFor();
        expect(await page.getByTestId('lesson-question-1').getAttribute('data-answered')).toBe('wrong');
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
