// What the tests of the conversation on a reading (follow-ups, second opinions, a crisis in the chat) share:
// the app or the bot against a fake OpenAI on 127.0.0.1, a streamed POST, a chat reading up to its
// interpretation, and the buttons under a chat message.
import type { ChatMessage } from '../bot/local-telegram/index';
import { createBotHarness, type BotHarness } from './bot-harness';
import type { TestDbKind } from './databases';
import { DEFAULT_FAKE_TEXT, startFakeOpenAI, type FakeOpenAI } from './fake-openai';
import { createHarness, type Harness, type HarnessOptions } from './harness';
import { serveApp, type ServedApp } from './sse-client';

/** The real HTTP app served on 127.0.0.1 with the fake OpenAI as its provider. */
export async function startAppWithAi(kind: TestDbKind, o: Omit<HarnessOptions, 'ai'> & { ai: NonNullable<HarnessOptions['ai']> }) {
  const fake = await startFakeOpenAI();
  const h = await createHarness(kind, { ...o, ai: { apiKey: 'sk-test', baseUrl: fake.baseUrl, ...o.ai } });
  const server = await serveApp(h.app);
  return {
    fake,
    h,
    server,
    close: async () => {
      await server.close();
      await h.close();
      await fake.close();
    },
  };
}

/** A POST asking for the event stream (Accept: text/event-stream) as `user`. */
export const postStream = (server: ServedApp, h: Harness, user: number, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', Authorization: h.authFor(user), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The real bot against the local Telegram, with the fake OpenAI. */
export async function startBotWithAi(kind: TestDbKind) {
  const ai = await startFakeOpenAI({ tokenDelayMs: 1 });
  const h = await createBotHarness(kind, { ai: { apiKey: 'sk-test', baseUrl: ai.baseUrl } });
  return {
    ai,
    h,
    close: async () => {
      await h.close();
      await ai.close();
    },
  };
}

export const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];
export const callbackOf = (m: ChatMessage, text: RegExp) =>
  inlineButtons(m).find((b) => text.test(b.text))?.callback_data as string | undefined;

/** A chat reading (/reading, the spread, the question) up to its interpretation message carrying `button`. */
export async function chatReadingWith(
  h: BotHarness,
  ai: FakeOpenAI,
  button: RegExp,
  userId: number,
  spread: string,
  question: string,
  o: { richMessages?: boolean } = {},
) {
  ai.set({ text: DEFAULT_FAKE_TEXT });
  const u = h.user(userId, 'Алла');
  h.tg.sendText(u, '/reading');
  if (o.richMessages === false) h.tg.setRichMessages(u.id, false);
  const menu = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🔮 Выберите расклад'));
  h.tg.pressButton(u.id, menu.message_id, `rd:${spread}`);
  await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напишите свой вопрос'));
  h.tg.sendText(u.id, question);
  return h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Общий вывод') && !!callbackOf(m, button));
}
