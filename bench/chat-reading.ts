// The chat reading as the user sees it: the real bot (long polling, as in production) against the local
// Telegram and the fake OpenAI (300 ms to the first token, 20 ms per token) on a fresh PGlite database.
// A user asks a free daily reading; measured from the question sent to the first visible text of the
// interpretation and to its final message, and from the AI's first token to the first visible text.
// Two ways: streamed as drafts (sendMessageDraft, now) and edited in place (drafts refused: how it was before).
// Value: the median ms from the AI's first token to the first visible text, with drafts.
import { createBotHarness } from '../test/bot-harness';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI } from '../test/fake-openai';

const SAMPLES = 5;
const FIRST_TOKEN_DELAY_MS = 300;
const TOKEN_DELAY_MS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;

export async function run(): Promise<Record<string, unknown>> {
  const ai = await startFakeOpenAI({ firstTokenDelayMs: FIRST_TOKEN_DELAY_MS, tokenDelayMs: TOKEN_DELAY_MS });
  const h = await createBotHarness('pglite', { ai: { apiKey: 'sk-bench', baseUrl: ai.baseUrl } });
  // The interpretation's first word (its heading), as the user reads it.
  const firstWord = DEFAULT_FAKE_TEXT.split('\n')[0]
    .replace(/^#+\s*/, '')
    .split(' ')[0];

  async function sample(userId: number, drafts: boolean) {
    const u = h.user(userId, 'Бенч');
    if (!drafts) {
      h.tg.setProfile(u);
      h.tg.failNext(u.id, { error_code: 400, description: 'Bad Request: TEXTDRAFT_PEER_INVALID' }, 1, 'sendMessageDraft');
    }
    h.tg.sendText(u, '/reading');
    const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Выберите расклад'));
    h.tg.pressButton(u.id, menu.message_id, 'rd:free_daily');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
    const requestIndex = ai.requests.length;
    const asked = performance.now();
    h.tg.sendText(u.id, 'Что принесёт мне эта неделя?');
    // The first text of the interpretation the user can read: a draft, or the placeholder edited.
    const visible = drafts
      ? h.tg.waitForDraft(u.id, (d) => d.text.includes(firstWord), 30_000)
      : h.tg.waitForBotMessage(u.id, (m) => m.text.includes(firstWord), 30_000);
    await visible;
    const firstVisible = performance.now();
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup, 30_000);
    const final = performance.now();
    const provider = ai.requests[requestIndex];
    if (!provider?.firstTokenAt) throw new Error('the AI was not asked');
    return { firstVisibleMs: firstVisible - asked, finalMs: final - asked, afterFirstTokenMs: firstVisible - provider.firstTokenAt };
  }

  try {
    await sample(991_000, true); // warm-up
    type Sample = Awaited<ReturnType<typeof sample>>;
    const drafts: Sample[] = [];
    const edits: Sample[] = [];
    for (let i = 1; i <= SAMPLES; i++) {
      drafts.push(await sample(991_000 + i, true));
      edits.push(await sample(992_000 + i, false));
    }
    const sum = (xs: Sample[]) => ({
      medianFirstVisibleMs: round(median(xs.map((s) => s.firstVisibleMs))),
      medianFinalMs: round(median(xs.map((s) => s.finalMs))),
      medianAfterFirstTokenMs: round(median(xs.map((s) => s.afterFirstTokenMs))),
    });
    const d = sum(drafts);
    return {
      value: d.medianAfterFirstTokenMs,
      unit: 'ms',
      drafts: d,
      editInPlace: sum(edits),
      samples: SAMPLES,
      providerFirstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
      providerTokenDelayMs: TOKEN_DELAY_MS,
    };
  } finally {
    await h.close();
    await ai.close();
  }
}
