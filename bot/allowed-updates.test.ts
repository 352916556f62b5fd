// Telegram sends only the update kinds a bot asks for (getUpdates and setWebhook's allowed_updates). Every
// kind some handler of the bot listens to must be in ALLOWED_UPDATES, or that handler never runs in
// production while every test that hands updates to the bot directly still passes.
import fs from 'node:fs';
import path from 'node:path';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_UPDATES } from './index';
import { TEST_BOT_TOKEN } from '../test/harness';
import { createTestTelegram, type TestTelegram } from '../test/test-telegram';

/** The bot's own sources (features, conversations, middlewares, handlers); tests and the local Telegram excluded. */
function botSources(dir = __dirname): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'local-telegram' ? [] : botSources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The update kind of a grammY filter query ('message:text' → message; ':text' and 'msg' → message). */
const kindOf = (query: string) => {
  const l1 = query.split(':')[0];
  return l1 === '' || l1 === 'msg' ? 'message' : l1;
};

/** Every update kind the handlers listen to: `.on(…)` filter queries and the shortcuts that imply one. */
function handledKinds(): Set<string> {
  const kinds = new Set<string>();
  const shortcuts: Record<string, string> = {
    command: 'message',
    hears: 'message',
    callbackQuery: 'callback_query',
    inlineQuery: 'inline_query',
    chosenInlineResult: 'chosen_inline_result',
    preCheckoutQuery: 'pre_checkout_query',
  };
  for (const file of botSources()) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/\.on\(\s*(\[[^\]]*\]|'[^']*')/g)) for (const q of m[1].matchAll(/'([^']*)'/g)) kinds.add(kindOf(q[1]));
    for (const m of src.matchAll(/\.(command|hears|callbackQuery|inlineQuery|chosenInlineResult|preCheckoutQuery)\(/g))
      kinds.add(shortcuts[m[1]]);
  }
  return kinds;
}

describe('allowed_updates', () => {
  let tg: TestTelegram;
  let api: Api;
  beforeAll(async () => {
    tg = createTestTelegram({ token: TEST_BOT_TOKEN });
    api = new Api(TEST_BOT_TOKEN, { apiRoot: await tg.listen() });
  });
  afterAll(() => tg?.close());

  it('lists every update kind a handler of the bot listens to, and the newer kinds Telegram sends only on request', () => {
    const handled = handledKinds();
    // The scan sees the handlers (a broken scan would pass vacuously).
    for (const k of ['message', 'callback_query', 'my_chat_member', 'pre_checkout_query', 'subscription']) expect(handled).toContain(k);
    expect([...handled].filter((k) => !(ALLOWED_UPDATES as readonly string[]).includes(k))).toEqual([]);
    expect(ALLOWED_UPDATES).toEqual(
      expect.arrayContaining(['inline_query', 'guest_message', 'stopped_message_generation', 'subscription']),
    );
  });

  it('the local Telegram, like Telegram, hands over exactly the kinds asked for', async () => {
    const from = { id: 43_001, is_bot: false, first_name: 'Тест' };
    const chat = { id: 43_001, type: 'private', first_name: 'Тест' };
    tg.sendUpdate({ subscription: { user: from, invoice_payload: 'x', state: 'canceled' } });
    tg.sendUpdate({ stopped_message_generation: { chat, draft_id: 7 } });
    tg.sendUpdate({ inline_query: { id: '1', from, query: '', offset: '' } });
    tg.sendUpdate({
      guest_message: {
        message_id: 1,
        date: 0,
        chat: { id: -1001, type: 'supergroup', title: 'Друзья' },
        from,
        text: '@bot',
        guest_query_id: 'g1',
      },
    });
    tg.sendUpdate({ chat_join_request: { chat: { id: -1001, type: 'supergroup', title: 'Друзья' }, from, user_chat_id: 43_001, date: 0 } });
    const got = await api.getUpdates({ allowed_updates: [...ALLOWED_UPDATES], timeout: 0 });
    expect(got.map((u) => Object.keys(u).find((k) => k !== 'update_id'))).toEqual([
      'subscription',
      'stopped_message_generation',
      'inline_query',
      'guest_message',
    ]);
  });
});
