// The keyboard's launch token after «Выйти везде», through the real bot and app: the token /start gave stops
// working once the user signs out everywhere, and /start gives one of the new generation that works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';

describe('the launch keyboard after «Выйти везде»', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness('pglite');
  });
  afterAll(() => h?.close());

  /** /start, then the launch token in the keyboard button's URL. */
  async function start(u: ReturnType<BotHarness['user']>, nth: number): Promise<string> {
    h.tg.sendText(u, '/start');
    await h.tg.waitForBotMessage(u.id, () => h.tg.botMessages(u.id).filter((m) => m.text.includes('под полем ввода')).length === nth);
    return new URL(h.tg.chatState(u.id).keyboard.keyboard[0][0].web_app.url).searchParams.get('launch')!;
  }
  const status = (token: string) => h.app.request('/api/user/status', { headers: { Authorization: `Bearer ${token}` } });

  it('the old token is refused, the one /start gives next works', async () => {
    const u = h.user(8_100_001, 'Вера');
    const first = await start(u, 1);
    expect((await status(first)).status).toBe(200);
    const out = await h.app.request('/api/auth/sessions', { method: 'DELETE', headers: { Authorization: `Bearer ${first}` } });
    expect(out.status).toBe(200);
    expect((await status(first)).status).toBe(401);
    const next = await start(u, 2);
    expect(next).not.toBe(first);
    expect((await status(next)).status).toBe(200);
  });
});
