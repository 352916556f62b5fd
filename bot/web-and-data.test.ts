// The bot's side of signing in outside Telegram and of the user's data: /web's one-time link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, TEST_PUBLIC_URL, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { ChatMessage } from './local-telegram/index';

const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];

describe.each(TEST_DB_KINDS)('bot: web sign-in and data (%s)', (kind) => {
  let h: BotHarness;
  let nextUser = 7_100;
  const newUser = (name = 'Тест') => h.user(++nextUser, name);

  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  const spend = (token: string) =>
    h.app.request('/api/auth/link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: JSON.stringify({ token }),
    });

  it('/web answers with a one-time link to PUBLIC_URL/auth/<token> that signs a browser in once', async () => {
    const u = newUser('Вера');
    h.tg.sendText(u, '/web');
    const answer = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Вход в браузере'));
    expect(answer.text).toContain('действует 10 минут');
    const [button] = inlineButtons(answer);
    expect(button.text).toBe('Открыть в браузере');
    const m = new RegExp(`^${TEST_PUBLIC_URL}/auth/([A-Za-z0-9_-]{43})$`).exec(button.url);
    expect(m).not.toBeNull();
    const first = await spend(m![1]);
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    const status = await h.app.request('/api/user/status', { headers: { Cookie: cookie } });
    expect((await status.json()).data.user.id).toBe(u.id);
    expect((await spend(m![1])).status).toBe(401);
  });
});
