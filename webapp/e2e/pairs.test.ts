// Readings for two in a real browser, two contexts as two users: a VIP invites, the other opens the app from the
// invitation's start parameter, sees the consent screen and accepts; both see the aspect grid and the shared
// six-card reading; a note on it is seen by its author only; leaving hides the leaver's chart from the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { pageApi } from './page-api';
import { drawCards, nextFanCard, path } from './ritual-helpers';
import { settled } from './settled';

const TIMEOUT = 180_000;

describe.runIf(browserAvailable())('readings for two (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  for (const theme of ['light', 'dark'] as const) {
    it(
      `an invitation accepted in a second context; the synastry and the shared reading seen by both; private notes; leaving (${theme})`,
      async () => {
        const [anna, boris] = theme === 'light' ? [660001, 660002] : [660011, 660012];
        // The light run with the deck's motion, the dark one as a device asking for reduced motion.
        const a = await env.newPage({ motion: theme === 'light' });
        await a.page.goto(`${env.baseUrl}/dev/launch?user=${anna}&name=Анна&plan=vip&theme=${theme}`);
        await a.page.getByTestId('greeting').waitFor();
        expect((await pageApi(a.page, 'POST', '/api/natal/chart', { date: '1990-05-15', time: '12:30', city: 'Москва' })).status).toBe(200);
        await a.page.getByTestId('pairs-link').click();
        await a.page.getByTestId('pair-invite').click();
        const shown = (await a.page.getByTestId('pair-invitation').textContent()) ?? '';
        const startParam = /pair_[A-Za-z0-9_-]+/.exec(shown)?.[0];
        expect(startParam).toBeTruthy();
        // A browser tab (not Telegram): the link can be copied, and says so.
        await a.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseUrl });
        await a.page.getByTestId('pair-invite-copy').click();
        await expect.poll(() => a.page.getByTestId('pair-invite-copied').textContent()).toBe('Ссылка скопирована');
        expect(await a.page.getByTestId('pair-invite-copy').textContent()).toBe('Скопировать');
        expect(await a.page.evaluate(() => navigator.clipboard.readText())).toContain(startParam);
        await settled(a.page);
        await env.screenshot(a.page, `pairs-invite-${theme}`);

        // Boris opens the app from the link (no plan), sees what each will see, and accepts.
        const b = await env.newPage();
        await b.page.goto(`${env.baseUrl}/dev/launch?user=${boris}&name=Борис&theme=${theme}&startapp=${startParam}`);
        await b.page.getByTestId('pair-consent').waitFor();
        expect(await b.page.getByTestId('pair-consent').textContent()).toContain('Анна приглашает вас');
        // The consent screen is about accepting: nothing of his own to invite, nothing to buy.
        await settled(b.page);
        expect(await b.page.getByText('Оформить VIP').count()).toBe(0);
        expect(await b.page.getByTestId('pair-invite-subscribe').count()).toBe(0);
        expect(await b.page.getByTestId('pair-invite-vip').count()).toBe(0);
        await env.screenshot(b.page, `pairs-consent-${theme}`);
        // Without an invitation, Boris (no plan) sees inviting as VIP's, with its price, before any tap.
        const b2 = await env.newPage();
        await b2.page.goto(`${env.baseUrl}/dev/launch?user=${boris}&name=Борис&theme=${theme}&to=/pairs`);
        await expect.poll(() => b2.page.getByTestId('pair-invite-vip').textContent()).toMatch(/с VIP-подпиской \(\d+/);
        expect(await b2.page.getByTestId('pair-invite').count()).toBe(0);
        expect(await b2.page.getByTestId('pair-invite-subscribe').isVisible()).toBe(true);
        expect((await pageApi(b.page, 'POST', '/api/natal/chart', { date: '1985-02-10', time: '18:00', city: 'Москва' })).status).toBe(200);
        await b.page.getByTestId('pair-accept').click();
        await b.page.getByTestId('synastry').waitFor();
        expect(await b.page.getByRole('heading', { level: 1 }).textContent()).toBe('Вы и Анна');
        expect(await b.page.getByTestId('pair-ask-note').textContent()).toMatch(/задаёт пригласивший/);

        // Anna sees the pair, asks the six-card spread.
        await a.page.goto(`${env.baseUrl}/pairs`);
        await a.page.getByTestId('pair-item').first().click();
        await a.page.getByTestId('synastry').waitFor();
        await a.page.getByTestId('pair-question').fill('Что нам важно понять друг о друге?');
        await a.page.getByTestId('pair-ask').click();
        // The server dealt the spread; its cards come out as every spread's do: the deck shuffles and fans out on
        // the table, a card picked from the fan turns over at its place, «Разложить все» turns the rest.
        await expect.poll(() => path(a.page)).toBe('/cards');
        await expect.poll(() => nextFanCard(a.page).isEnabled(), { timeout: 15_000 }).toBe(true);
        expect(await a.page.getByTestId('fan-card').count()).toBe(6);
        // Reduced motion (the dark run) as on every table: the fan's cards neither move nor animate.
        const still = await a.page
          .getByTestId('fan-card')
          .first()
          .evaluate((el) =>
            getComputedStyle(el)
              .transitionDuration.split(',')
              .every((d) => parseFloat(d) <= 0.00001),
          );
        expect(still).toBe(theme === 'dark');
        expect(await a.page.getByTestId('drawn-card').count()).toBe(0);
        expect(await a.page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 0 из 6');
        await drawCards(a.page, 1);
        expect(await a.page.getByTestId('cards-counter').textContent()).toBe('Выбрано карт: 1 из 6');
        // The first dealt card lies at «Я», the spread's first position, as the server dealt it.
        const tableId = await a.page.evaluate(
          () => (JSON.parse(sessionStorage.getItem('taro.flow') ?? '{}') as { readingId?: number }).readingId,
        );
        const dealt = await pageApi<{ cards: { name: string }[] }>(a.page, 'GET', `/api/readings/${tableId}`);
        expect(await a.page.getByTestId('drawn-card-name').first().textContent()).toBe(dealt.data.cards[0].name);
        await a.page.getByTestId('turn-all').click();
        await expect.poll(() => a.page.getByTestId('drawn-card').count()).toBe(6);
        await expect.poll(() => a.page.getByTestId('fan-card').count()).toBe(0);
        await settled(a.page);
        await env.screenshot(a.page, `pairs-table-${theme}`);
        // The pair's reading opens in the archive, where each partner keeps a note of their own.
        await a.page.getByTestId('get-answer').click();
        await expect.poll(() => path(a.page)).toMatch(/^\/history\/\d+$/);
        await a.page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
        const readingUrl = a.page.url();
        expect(new URL(readingUrl).pathname).toBe(`/history/${tableId}`);
        await a.page.getByTestId('note-input').fill('Записка Анны');
        await a.page.getByTestId('note-save').click();
        await expect.poll(() => a.page.getByTestId('note-status').textContent()).toBe('Заметка сохранена');

        // Boris sees the same reading on the pair's screen and opens it: Anna's note is not there.
        await b.page.reload();
        await b.page.getByTestId('pair-reading').first().waitFor();
        const cardsLine = await b.page.getByTestId('pair-readings').textContent();
        expect(cardsLine).toContain('Что нас связывает');
        expect(cardsLine).toContain('Перспектива');
        // Each card by its position, a reversed one marked as on every other screen.
        const pairId = new URL(b.page.url()).pathname.split('/').pop();
        const { data: pair } = await pageApi<{ readings: { cards: { positionName: string; name: string; reversed: boolean }[] }[] }>(
          b.page,
          'GET',
          `/api/pairs/${pairId}`,
        );
        expect(cardsLine).toContain(
          pair.readings[0].cards.map((c) => `${c.positionName}: ${c.name}${c.reversed ? ' (перевёрнутая)' : ''}`).join(' · '),
        );
        await settled(b.page);
        await env.screenshot(b.page, `pairs-screen-${theme}`);
        await b.page.getByTestId('pair-reading').first().click();
        await b.page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
        expect(new URL(b.page.url()).pathname).toBe(new URL(readingUrl).pathname);
        expect(await b.page.getByTestId('note-input').inputValue()).toBe('');
        expect(await b.page.textContent('body')).not.toContain('Записка Анны');
        await b.page.getByTestId('note-input').fill('Записка Бориса');
        await b.page.getByTestId('note-save').click();
        await expect.poll(() => b.page.getByTestId('note-status').textContent()).toBe('Заметка сохранена');
        await a.page.goto(readingUrl);
        await a.page.getByTestId('interpretation-text').waitFor({ timeout: 30_000 });
        await expect.poll(() => a.page.getByTestId('note-input').inputValue()).toBe('Записка Анны');
        expect(await a.page.textContent('body')).not.toContain('Записка Бориса');

        // Boris leaves: Anna no longer sees his chart; Boris no longer sees the pair's reading.
        await b.page.goto(`${env.baseUrl}/pairs`);
        await b.page.getByTestId('pair-item').first().click();
        await b.page.getByTestId('synastry').waitFor();
        b.page.once('dialog', (d) => void d.accept());
        await b.page.getByTestId('pair-leave').click();
        await b.page.getByTestId('pairs').waitFor();
        await expect.poll(() => b.page.getByTestId('pair-item').count()).toBe(0);
        await b.page.goto(readingUrl);
        await expect.poll(async () => (await b.page.textContent('body')) ?? '').toContain('Расклад не найден');

        await a.page.goto(`${env.baseUrl}/pairs`);
        await a.page.getByTestId('pair-item').first().click();
        await a.page.getByTestId('synastry-missing').waitFor();
        expect(await a.page.getByTestId('synastry-missing').textContent()).toMatch(/не показывается/);
        expect(await a.page.locator('[data-testid="synastry"]').count()).toBe(0);
        await settled(a.page);
        await env.screenshot(a.page, `pairs-left-${theme}`);
        expect(a.consoleErrors).toEqual([]);
      },
      TIMEOUT,
    );
  }
});
