// The journal in a real browser: a note on a reading from the history (saved, edited, shown in the list) and
// «Дневник» with its SVG charts, in light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { pageApi } from './page-api';

const TIMEOUT = 120_000;

describe.runIf(browserAvailable())('journal (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it(
    'a note on a reading is written, edited and shown in the history',
    async () => {
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=650001&name=Нина`);
      await page.getByTestId('greeting').waitFor();
      const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Как пройдёт мой отпуск?' });
      expect(r.status).toBe(201);

      await page.goto(`${env.baseUrl}/history/${r.data.id}`);
      await page.getByTestId('interpretation-text').waitFor({ timeout: 20_000 });
      const input = page.getByTestId('note-input');
      expect(await page.getByTestId('note-save').isEnabled()).toBe(false);
      await input.fill('Отпуск и правда вышел спокойным. Шут — это про спонтанную поездку к морю!');
      expect(await page.getByTestId('note-counter').textContent()).toBe('73/2000');
      await page.getByTestId('note-save').click();
      await expect.poll(() => page.getByTestId('note-status').textContent()).toBe('Заметка сохранена');
      await env.screenshot(page, 'journal-note-light');

      // Edited after a reload: the stored note comes back and can be changed.
      await page.reload();
      await expect
        .poll(() => page.getByTestId('note-input').inputValue())
        .toBe('Отпуск и правда вышел спокойным. Шут — это про спонтанную поездку к морю!');
      await page.getByTestId('note-input').fill('Отпуск вышел спокойным.');
      await page.getByTestId('note-save').click();
      await expect.poll(() => page.getByTestId('note-status').textContent()).toBe('Заметка сохранена');

      await page.getByTestId('back').click();
      await expect.poll(() => page.getByTestId('history-note').first().textContent()).toBe('✎ Отпуск вышел спокойным.');
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  for (const theme of ['light', 'dark'] as const) {
    it(
      `«Дневник» draws the month’s cards, suits, elements and shares (${theme})`,
      async () => {
        const { page, consoleErrors } = await env.newPage();
        const user = theme === 'light' ? 650002 : 650003;
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Нина&plan=vip&theme=${theme}`);
        await page.getByTestId('greeting').waitFor();

        // An empty month first.
        await page.getByTestId('journal-link').click();
        await page.getByTestId('journal-empty').waitFor();
        expect(await page.getByTestId('journal-totals').textContent()).toBe('Раскладов: 0 · карт дня: 0 · всего карт: 0');

        const cards: { cardId: string; name: string; orientation: string }[] = [];
        for (const spreadType of ['celtic_cross', 'past_present_future', 'love_relationship']) {
          const r = await pageApi(page, 'POST', '/api/readings', { spreadType, question: 'Что важно сейчас?' });
          cards.push(...r.data.cards);
        }
        const d = await pageApi(page, 'POST', '/api/user/daily-card/use', {});
        cards.push(d.data.card);

        await page.reload();
        await page.getByTestId('journal-top').waitFor();
        expect(await page.getByTestId('journal-totals').textContent()).toBe(`Раскладов: 3 · карт дня: 1 · всего карт: ${cards.length}`);
        const counts = new Map<string, number>();
        for (const c of cards) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
        const best = Math.max(...counts.values());
        const topLabel = await page.getByTestId('journal-top').getAttribute('aria-label');
        const firstTop = topLabel!.split(', ')[0];
        expect(counts.get(firstTop.split(': ')[0])).toBe(best);
        expect(firstTop.endsWith(`: ${best}`)).toBe(true);
        expect(await page.getByTestId('journal-top-row').count()).toBe(Math.min(5, counts.size));
        expect(await page.getByTestId('journal-suits-row').count()).toBe(5);
        expect(await page.getByTestId('journal-elements-row').count()).toBe(4);
        // Every name stays in its own column, left of its bar, and apart from the next row (a long one,
        // «Шестёрка Пентаклей», wraps instead of running under the bar).
        for (const chart of ['journal-top', 'journal-suits', 'journal-elements']) {
          const overlaps = await page.getByTestId(chart).evaluate((el) => {
            const box = el.getBoundingClientRect();
            const rows = [...el.querySelectorAll('.chart-row')].map((row) => ({
              label: row.querySelector('.chart-label')!.getBoundingClientRect(),
              track: row.querySelector('.chart-track')!.getBoundingClientRect(),
              value: row.querySelector('.chart-value')!.getBoundingClientRect(),
            }));
            return rows.flatMap((r, i) => [
              ...(r.label.right > r.track.left ? [`row ${i}: the name runs under the bar`] : []),
              ...(r.track.right > r.value.left || r.value.right > box.right + 0.5 ? [`row ${i}: the count is cut off`] : []),
              ...(i > 0 && r.label.top < rows[i - 1].label.bottom ? [`row ${i}: overlaps the row above`] : []),
            ]);
          });
          expect(overlaps, chart).toEqual([]);
        }
        const reversed = cards.filter((c) => c.orientation === 'reversed').length;
        expect(await page.getByTestId('journal-reversed-value').textContent()).toBe(`${Math.round((reversed / cards.length) * 100)}%`);
        expect(await page.getByTestId('journal-month').textContent()).toMatch(/^[а-я]+ \d{4}$/);
        expect(await page.getByTestId('journal-next').isEnabled()).toBe(false);
        await env.screenshot(page, `journal-${theme}`);

        // The month before is empty and can be left forward again.
        await page.getByTestId('journal-prev').click();
        await page.getByTestId('journal-empty').waitFor();
        await page.getByTestId('journal-next').click();
        await page.getByTestId('journal-top').waitFor();
        expect(consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
