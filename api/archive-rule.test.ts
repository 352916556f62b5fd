// The archive rule in one place: a Basic user's reading older than 30 days is closed on every path that shows
// a reading's content — the reading, its interpretation (JSON, SSE, retry), the follow-ups (list, create,
// retry), the chat call (by readingId and by question), the owner's pictures and share kit, and the bot
// (web_app_data, «Уточнить», «Читать полностью»). Each answers as the reading does: 402 with the same Russian
// message (the bot says it in the chat). A VIP's old reading and a fresh one still open; a signed link shared
// while the reading was visible keeps working until it expires. The real app and the real bot, on every test
// database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai';
import type { ChatMessage } from '../bot/local-telegram/index';

const CLOSED = 'Расклады в «Мои расклады» старше 30 дней открывает VIP.';
const DAY = 86_400_000;
const QUESTION = 'Что ждёт меня в новой работе?';
const callbackOf = (m: ChatMessage, text: RegExp) =>
  ((m.reply_markup?.inline_keyboard ?? []).flat() as any[]).find((b) => text.test(b.text))?.callback_data as string | undefined;

describe.each(TEST_DB_KINDS)('the archive rule on %s', (kind) => {
  let h: BotHarness;
  let ai: FakeOpenAI;

  beforeAll(async () => {
    ai = await startFakeOpenAI({ tokenDelayMs: 1 });
    ai.set({ text: DEFAULT_FAKE_TEXT });
    h = await createBotHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl, rateLimit: { calls: 100, windowS: 600 } } });
  });
  afterAll(async () => {
    await h?.close();
    await ai?.close();
  });

  /** A reading made through the app, interpreted, with one follow-up answered and a share kit made. */
  async function sharedReading(user: number, question: string) {
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question });
    expect(r.status).toBe(201);
    const id = r.body.data.id as number;
    expect((await h.call(user, 'GET', `/api/readings/${id}/interpretation`)).status).toBe(200);
    const asked = await h.call(user, 'POST', `/api/readings/${id}/follow-ups`, { question: 'А что с коллегами?' });
    expect(asked.status).toBe(201);
    const kit = await h.call(user, 'POST', `/api/readings/${id}/share`, { includeQuestion: true });
    expect(kit.status).toBe(200);
    return { id, followUpId: asked.body.data.followUp.id as number, storyUrl: kit.body.data.storyUrl as string };
  }

  /** A chat reading through the bot, to its interpretation (the message with «Уточнить»). */
  async function chatReading(user: number, question: string) {
    h.tg.sendText(h.user(user), '/reading');
    const menu = await h.tg.waitForBotMessage(user, (m) => m.text.includes('Выберите расклад'));
    h.tg.pressButton(user, menu.message_id, 'rd:past_present_future');
    await h.tg.waitForBotMessage(user, (m) => m.text.includes('Напишите свой вопрос'));
    h.tg.sendText(user, question);
    const message = await h.tg.waitForBotMessage(user, (m) => m.text.includes('Общий вывод') && !!callbackOf(m, /Уточнить/));
    const row = await h.db
      .selectFrom('readings')
      .select('id')
      .where('user_id', '=', user)
      .where('question', '=', question)
      .executeTakeFirstOrThrow();
    return { id: row.id, message };
  }

  const age = (id: number, days: number) =>
    h.db
      .updateTable('readings')
      .set({ created_at: new Date(Date.now() - days * DAY) })
      .where('id', '=', id)
      .execute();

  /** The app's paths that show the reading's content, each as [name, status, body]. */
  async function appPaths(user: number, id: number, followUpId: number, question: string) {
    const sse = { Accept: 'text/event-stream' };
    const calls: [string, () => Promise<{ status: number; body: any }>][] = [
      ['reading', () => h.call(user, 'GET', `/api/readings/${id}`)],
      ['interpretation', () => h.call(user, 'GET', `/api/readings/${id}/interpretation`)],
      ['interpretation (SSE)', () => h.call(user, 'GET', `/api/readings/${id}/interpretation`, undefined, sse)],
      ['interpretation retry', () => h.call(user, 'POST', `/api/readings/${id}/interpretation/retry`)],
      ['interpretation retry (SSE)', () => h.call(user, 'POST', `/api/readings/${id}/interpretation/retry`, undefined, sse)],
      ['follow-ups', () => h.call(user, 'GET', `/api/readings/${id}/follow-ups`)],
      ['follow-up retry', () => h.call(user, 'POST', `/api/readings/${id}/follow-ups/${followUpId}/retry`)],
      ['chat by readingId', () => h.call(user, 'POST', '/api/chat', { readingId: id })],
      ['chat by question', () => h.call(user, 'POST', '/api/chat', { messages: [{ role: 'user', content: question }] })],
      ['picture with the question', () => h.call(user, 'GET', `/api/readings/${id}/image?format=story&question=1`)],
      ['picture', () => h.call(user, 'GET', `/api/readings/${id}/image?format=card`)],
      ['share kit', () => h.call(user, 'POST', `/api/readings/${id}/share`, { includeQuestion: true })],
    ];
    const out: [string, number, any][] = [];
    for (const [name, call] of calls) {
      const res = await call();
      out.push([name, res.status, res.body]);
    }
    return out;
  }

  it('a Basic user’s old reading is closed everywhere; VIP and a fresh reading open; a shared link still works', async () => {
    const basic = 95_001;
    const vip = 95_002;
    await h.services.users.ensure(basic);
    await h.services.users.ensure(vip);
    await h.services.users.activateMockPlan(basic, 'basic');
    await h.services.users.activateMockPlan(vip, 'vip');

    const old = await sharedReading(basic, QUESTION);
    const chat = await chatReading(basic, 'Как сложится мой переезд?');
    const fresh = await sharedReading(basic, 'Что принесёт мне эта неделя?');
    const vipOld = await sharedReading(vip, 'Что ждёт мой бизнес?');
    await age(old.id, 31);
    await age(chat.id, 31);
    await age(vipOld.id, 200);
    const followUpsBefore = await h.db.selectFrom('reading_follow_ups').select('id').where('user_id', '=', basic).execute();

    // The app: every path answers as the reading does, and none carries the question.
    for (const [name, status, body] of await appPaths(basic, old.id, old.followUpId, QUESTION)) {
      expect([name, status, body.error]).toEqual([name, 402, CLOSED]);
      expect(JSON.stringify(body)).not.toContain(QUESTION);
    }
    const ask = await h.call(basic, 'POST', `/api/readings/${chat.id}/follow-ups`, { question: 'А где мне лучше жить?' });
    expect([ask.status, ask.body.error]).toEqual([402, CLOSED]);
    const askSse = await h.call(
      basic,
      'POST',
      `/api/readings/${chat.id}/follow-ups`,
      { question: 'А где мне лучше жить?' },
      { Accept: 'text/event-stream' },
    );
    expect([askSse.status, askSse.body.error]).toEqual([402, CLOSED]);
    // Nothing was dealt or stored for the refused follow-ups.
    expect(await h.db.selectFrom('reading_follow_ups').select('id').where('user_id', '=', basic).execute()).toEqual(followUpsBefore);

    // The bot: web_app_data and «Уточнить» under the old chat reading say the same in the chat.
    h.tg.sendWebAppData(basic, JSON.stringify({ type: 'reading', readingId: old.id }));
    const said = await h.tg.waitForBotMessage(basic, (m) => m.text === CLOSED);
    expect(said.text).not.toContain(QUESTION);
    h.tg.pressButton(basic, chat.message.message_id, callbackOf(chat.message, /Уточнить/)!);
    await vi.waitFor(() => expect(h.tg.botMessages(basic).filter((m) => m.text === CLOSED)).toHaveLength(2), {
      timeout: 10_000,
      interval: 20,
    });
    // «Читать полностью» (under a picture whose caption was cut) too: no list of the cards is sent again.
    const lists = () => h.tg.botMessages(basic).filter((m) => m.text.startsWith('🃏')).length;
    const listsBefore = lists();
    h.tg.pressButton(basic, chat.message.message_id, `cards:${chat.id}`);
    await vi.waitFor(() => expect(h.tg.botMessages(basic).filter((m) => m.text === CLOSED)).toHaveLength(3), {
      timeout: 10_000,
      interval: 20,
    });
    expect(lists()).toBe(listsBefore);

    // The link the owner shared while the reading was visible keeps working, without sign-in, to its expiry.
    const shared = await h.app.request(old.storyUrl);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('image/jpeg');

    // VIP's old reading and the Basic user's fresh one open on every path.
    for (const [user, r, question] of [
      [vip, vipOld, 'Что ждёт мой бизнес?'],
      [basic, fresh, 'Что принесёт мне эта неделя?'],
    ] as const) {
      for (const [name, status] of await appPaths(user, r.id, r.followUpId, question)) expect([name, status]).toEqual([name, 200]);
      h.tg.sendWebAppData(user, JSON.stringify({ type: 'reading', readingId: r.id }));
      await h.tg.waitForBotMessage(user, (m) => m.text.includes(`Вопрос: «${question}»`));
    }
  });
});
