// Voice in the app, in a real browser against the real server and the fake provider: «Прочитать вслух» under
// an interpretation fetches the reading's speech (Opus in OGG, authenticated) and plays it in an <audio>
// element; in the archive (dark) the same speech comes from the server's store, no second provider call. The
// microphone sits beside the question field. Without a provider neither appears. Screenshots at 390 px, light
// and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { pageApi } from './page-api';
import { drawCards } from './ritual-helpers';

const TIMEOUT = 120_000;
const READING = '## Анализ карт\n\nКарты говорят о переменах ✨.\n\n## Общий вывод\n\nДоверьтесь себе.';

async function readUntilAnswered(env: BrowserEnv, user: number, theme = 'light') {
  const opened = await env.newPage();
  const { page } = opened;
  await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Лиза&theme=${theme}&to=/question`);
  await page.getByTestId('question-input').waitFor();
  return opened;
}

describe.runIf(browserAvailable())('read aloud (browser)', () => {
  let env: BrowserEnv;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ firstTokenDelayMs: 0, tokenDelayMs: 2, text: READING });
    env = await startBrowserEnv({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it(
    '«Прочитать вслух» plays the reading; the archive plays it again from the store',
    async () => {
      const { page, consoleErrors } = await readUntilAnswered(env, 671001);
      // The microphone is offered beside the field (Chromium records).
      await page.getByTestId('mic-button').waitFor();
      await page.getByTestId('question-input').fill('Что меня ждёт на новой работе?');
      await page.getByTestId('question-continue').click();
      await drawCards(page, 3);
      await page.getByTestId('get-answer').click();
      await expect.poll(() => page.getByTestId('interpretation-text').textContent(), { timeout: 20_000 }).toContain('Доверьтесь себе');

      const speechCalls = () => fake.audioRequests.filter((r) => r.kind === 'speech').length;
      const answered = page.waitForResponse((r) => /\/api\/readings\/\d+\/speech$/.test(r.url()));
      await page.getByTestId('read-aloud-button').click();
      const res = await answered;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('audio/ogg');
      const audio = page.getByTestId('read-aloud-audio');
      await audio.waitFor();
      expect(await audio.getAttribute('src')).toMatch(/^blob:/);
      // Chromium read the OGG/Opus file's header: the element knows its duration.
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(speechCalls()).toBe(1);
      expect(fake.audioRequests[0].body.input).not.toContain('✨');
      await page.getByTestId('read-aloud').scrollIntoViewIfNeeded();
      await env.screenshot(page, 'read-aloud-light');

      const id = (await pageApi(page, 'GET', '/api/user/readings')).data.readings[0].id as number;
      const dark = await env.newPage();
      await dark.page.goto(`${env.baseUrl}/dev/launch?user=671001&name=Лиза&theme=dark&to=/history/${id}`);
      await dark.page.getByTestId('read-aloud-button').click();
      await dark.page.getByTestId('read-aloud-audio').waitFor();
      expect(speechCalls()).toBe(1);
      await dark.page.getByTestId('read-aloud').scrollIntoViewIfNeeded();
      await env.screenshot(dark.page, 'read-aloud-dark');
      expect(consoleErrors).toEqual([]);
      expect(dark.consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the question screen with the microphone, light and dark',
    async () => {
      for (const theme of ['light', 'dark']) {
        const { page } = await readUntilAnswered(env, 671002, theme);
        await page.getByTestId('mic-button').waitFor();
        expect(await page.getByTestId('mic-hint').textContent()).toBe('Удерживайте, чтобы сказать вопрос');
        await env.screenshot(page, `question-mic-${theme}`);
      }
    },
    TIMEOUT,
  );
});

describe.runIf(browserAvailable())('read aloud without a provider (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  it(
    'neither «Прочитать вслух» nor the microphone appears',
    async () => {
      const { page } = await readUntilAnswered(env, 671003);
      await page.getByTestId('question-input').fill('Что меня ждёт на новой работе?');
      await page.getByTestId('question-continue').click();
      await drawCards(page, 3);
      await page.getByTestId('get-answer').click();
      // The thanks name the user: the status (which says whether voice is on) has arrived.
      await expect.poll(() => page.getByTestId('thanks').textContent(), { timeout: 20_000 }).toContain('Лиза');
      expect(await page.getByTestId('interpretation-text').count()).toBe(1);
      expect(await page.getByTestId('read-aloud-button').count()).toBe(0);
      expect((await pageApi(page, 'GET', '/api/user/status')).data.voice).toBe(false);
      // Back on the question screen (the status already known): no microphone.
      const status = page.waitForResponse((r) => r.url().endsWith('/api/user/status'));
      await page.goto(`${env.baseUrl}/dev/launch?user=671003&name=Лиза&to=/question`);
      await status;
      await page.getByTestId('question-input').waitFor();
      // Two frames after the status arrived, React has drawn what it says.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.getByTestId('mic-button').count()).toBe(0);
    },
    TIMEOUT,
  );
});
