// «Второе мнение» in a real browser against the real server and a fake OpenAI: a VIP asks another reader
// under the interpretation and the text streams in, the same cards, no spread spent; the opinion stays with
// the reading in the archive; a free user sees it locked with what each reader gives and the plans that open
// it. Screenshots at 390 px, light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondOpinionsLockedText } from '../../domain/commerce/claims';
import { VOICE_INFO } from '../../domain/tarot/voices';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { pageApi } from './page-api';
import { drawCards } from './ritual-helpers';

const TIMEOUT = 120_000;
const READING = '## Анализ карт\n\nКарты говорят о переменах.\n\n## Общий вывод\n\nДоверьтесь себе.';
const OPINION = '## Карты\n\nЛуна над вашей дорогой: **Звезда** светит сквозь туман.\n\n## Совет\n\nСлушайте сны этой недели.';

describe.runIf(browserAvailable())('second opinion (browser)', () => {
  let env: BrowserEnv;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ firstTokenDelayMs: 0, tokenDelayMs: 5, text: READING });
    env = await startBrowserEnv({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it(
    'a VIP asks another reader under the interpretation: the text streams in, no spread is spent, and the archive keeps it',
    async () => {
      fake.set({ mode: 'ok', text: READING, tokenDelayMs: 2 });
      const { page, consoleErrors } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=661001&name=Лиза&plan=vip&to=/question`);
      await page.getByTestId('question-input').fill('Стоит ли мне переезжать?');
      await page.getByTestId('question-continue').click();
      await drawCards(page, 3);
      await page.getByTestId('get-answer').click();
      await expect.poll(() => page.getByTestId('interpretation-text').textContent(), { timeout: 20_000 }).toContain('Доверьтесь себе');
      const spent = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.dailySpreadsUsed;

      await page.getByTestId('second-opinion-open').click();
      await page.getByTestId('second-opinion-chooser').waitFor();
      expect(await page.getByTestId('second-opinion-remaining').textContent()).toBe('Сегодня осталось: 3 из 3');
      for (const v of ['gentle', 'straight', 'mystic'] as const)
        expect(await page.getByTestId(`voice-${v}`).textContent()).toContain(VOICE_INFO[v].name);
      await page.getByTestId('second-opinion-chooser').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'second-opinion-chooser-light');

      fake.set({ text: OPINION, tokenDelayMs: 15 });
      await page.getByTestId('voice-mystic').click();
      await expect
        .poll(() => page.getByTestId('second-opinion-text').textContent(), { timeout: 15_000 })
        .toContain('Слушайте сны этой недели');
      expect(await page.getByTestId('second-opinion-name').textContent()).toBe(VOICE_INFO.mystic.name);
      expect(await page.getByTestId('portrait-mystic').count()).toBeGreaterThan(0);
      expect((await pageApi(page, 'GET', '/api/user/status')).data.userStatus.dailySpreadsUsed).toBe(spent);
      await page.getByTestId('second-opinion').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'second-opinion-light');

      // In the archive (dark): the reading carries the opinion with its reader, and two more may be asked today.
      const id = (await pageApi(page, 'GET', '/api/user/readings')).data.readings[0].id as number;
      const dark = await env.newPage();
      await dark.page.goto(`${env.baseUrl}/dev/launch?user=661001&name=Лиза&theme=dark&to=/history/${id}`);
      await expect
        .poll(() => dark.page.getByTestId('second-opinion-text').textContent(), { timeout: 20_000 })
        .toContain('Слушайте сны этой недели');
      await dark.page.getByTestId('second-opinion-open').click();
      expect(await dark.page.getByTestId('second-opinion-remaining').textContent()).toBe('Сегодня осталось: 2 из 3');
      expect(await dark.page.getByTestId('voice-mystic').textContent()).toContain('ответ — выше');
      await dark.page.getByTestId('second-opinion').scrollIntoViewIfNeeded();
      await env.screenshot(dark.page, 'second-opinion-dark');
      expect(consoleErrors).toEqual([]);
      expect(dark.consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a free user sees it locked with what each reader gives and the plans that open it; no spread is spent',
    async () => {
      fake.set({ mode: 'ok', text: READING, tokenDelayMs: 2 });
      for (const theme of ['light', 'dark'] as const) {
        const user = theme === 'light' ? 661002 : 661003;
        const { page, consoleErrors } = await env.newPage();
        await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Лиза&theme=${theme}`);
        await page.getByTestId('greeting').waitFor();
        const r = await pageApi(page, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Каким будет мой день?' });
        await page.goto(`${env.baseUrl}/history/${r.data.id}`);
        await page.getByTestId('second-opinion-locked').waitFor({ timeout: 20_000 });
        expect(await page.getByTestId('second-opinion-plans').textContent()).toBe(secondOpinionsLockedText());
        expect(await page.getByTestId('second-opinion-locked').textContent()).toContain(VOICE_INFO.gentle.summary);
        expect(await page.getByTestId('second-opinion-open').count()).toBe(0);
        await page.getByTestId('second-opinion-locked').scrollIntoViewIfNeeded();
        await env.screenshot(page, `second-opinion-locked-${theme}`);
        expect(consoleErrors).toEqual([]);
        // Asked anyway (as an old client would): 402, and no spread is spent.
        const spent = (await pageApi(page, 'GET', '/api/user/status')).data.userStatus.dailySpreadsUsed;
        expect((await pageApi(page, 'POST', `/api/readings/${r.data.id}/second-opinion`, { voice: 'gentle' })).status).toBe(402);
        expect((await pageApi(page, 'GET', '/api/user/status')).data.userStatus.dailySpreadsUsed).toBe(spent);
        if (theme === 'light') {
          await page.getByTestId('second-opinion-offer').click();
          await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
        }
      }
    },
    TIMEOUT,
  );
});
