// Voice in the app, in a real browser against the real server and the fake provider: «Прочитать вслух» under
// an interpretation fetches the reading's speech (Opus in OGG, authenticated) and plays it in an <audio>
// element; in the archive (dark) the same speech comes from the server's store, no second provider call. The
// question of that reading is spoken: the microphone held and released, its transcription stands in the field
// for confirmation before anything is dealt. The tariffs page states the readings read aloud a day. Without a
// provider none of it appears. Screenshots at 390 px, light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { pageApi } from './page-api';
import { drawCards } from './ritual-helpers';
import { readAloudLimitsText } from '../../domain/commerce/claims';

const TIMEOUT = 120_000;
const READING = '## Анализ карт\n\nКарты говорят о переменах ✨.\n\n## Общий вывод\n\nДоверьтесь себе.';

async function readUntilAnswered(env: BrowserEnv, user: number, theme = 'light') {
  const opened = await env.newPage();
  const { page } = opened;
  await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Лиза&theme=${theme}&to=/question`);
  await page.getByTestId('question-input').waitFor();
  return opened;
}

const SPOKEN = 'Стоит ли мне переезжать весной?';

/**
 * Holds the microphone and releases it; the page's clock moves a second on while it is held (a spoken second
 * without waiting one: shorter holds are refused as taps), and back once the text is in the field.
 */
async function askAloud(page: Page, transcript: string) {
  const mic = page.getByTestId('mic-button');
  await mic.hover();
  await page.mouse.down();
  await expect.poll(() => page.getByTestId('mic-hint').textContent()).toBe('Говорите… отпустите, чтобы закончить');
  await page.evaluate(() => {
    const w = window as unknown as { realNow?: () => number };
    w.realNow = Date.now;
    Date.now = () => w.realNow!() + 1_000;
  });
  const sent = page.waitForResponse((r) => r.url().includes('/api/voice/transcription'));
  await page.mouse.up();
  expect((await sent).status()).toBe(200);
  await expect.poll(() => page.getByTestId('question-input').inputValue()).toBe(transcript);
  await page.evaluate(() => {
    Date.now = (window as unknown as { realNow: () => number }).realNow;
  });
  expect(await page.getByTestId('mic-hint').textContent()).toBe('Удерживайте, чтобы сказать вопрос');
}

describe.runIf(browserAvailable())('read aloud (browser)', () => {
  let env: BrowserEnv;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ firstTokenDelayMs: 0, tokenDelayMs: 2, text: READING });
    fake.audio({ transcript: SPOKEN });
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
      // The question spoken: held, the microphone (Chromium's fake device) records; released, the recording is
      // transcribed by the fake provider and the text stands in the field for the user to read, nothing dealt yet.
      await askAloud(page, SPOKEN);
      expect(fake.audioRequests.at(-1)).toMatchObject({ kind: 'transcription', body: { language: 'ru' } });
      expect((await pageApi(page, 'GET', '/api/user/readings')).data.readings).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/question');
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
      const spoken = fake.audioRequests.find((r) => r.kind === 'speech')!.body.input as string;
      expect(spoken).not.toContain('✨');
      // The question asked was the one spoken and confirmed.
      expect(spoken).toContain(`Вопрос: ${SPOKEN}`);
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
      // The tariffs page states the readings read aloud a day per plan, as the terms do.
      const { page } = await env.newPage();
      await page.goto(`${env.baseUrl}/dev/launch?user=671002&name=Лиза&to=/services`);
      expect(await page.getByTestId('voice-limits').textContent()).toBe(readAloudLimitsText());
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
      // Nor does the tariffs page state voice limits.
      const known = page.waitForResponse((r) => r.url().endsWith('/api/user/status'));
      await page.goto(`${env.baseUrl}/dev/launch?user=671003&name=Лиза&to=/services`);
      await known;
      await page.getByTestId('plan-basic').waitFor();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.getByTestId('voice-limits').count()).toBe(0);
    },
    TIMEOUT,
  );
});
