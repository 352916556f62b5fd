// «Расклад на двоих» in the chat: /pair sends a VIP's invitation with a share button; the bot's link
// (`/start pair_<token>`) shows the consent text and «Согласиться» forms the pair; a free user is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { ChatMessage } from './local-telegram/index';

const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];

describe.each(TEST_DB_KINDS)('bot: readings for two (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  it('/pair sends an invitation with a share button; the bot link asks for consent and accepting forms the pair', async () => {
    const anna = h.user(7_801, 'Анна');
    const boris = h.user(7_802, 'Борис');
    const free = h.user(7_803, 'Вера');

    h.tg.sendText(free, '/pair');
    const refused = await h.tg.waitForBotMessage(free.id, (m) => m.text.includes('VIP'));
    expect(refused.text).toMatch(/Пригласить в «Расклад на двоих» можно с VIP-подпиской/);

    expect((await h.call(anna.id, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    h.tg.sendText(anna, '/pair');
    const inv = await h.tg.waitForBotMessage(anna.id, (m) => m.text.includes('Приглашение в «Расклад на двоих»'));
    const link = /https:\/\/t\.me\/\S+?(?:startapp|start)=(pair_[A-Za-z0-9_-]+)/.exec(inv.text);
    expect(link).not.toBeNull();
    const [share] = inlineButtons(inv);
    expect(share.text).toBe('Поделиться приглашением');
    expect(decodeURIComponent(share.url)).toContain(link![1]);

    h.tg.sendText(boris, `/start ${link![1]}`);
    const consent = await h.tg.waitForBotMessage(boris.id, (m) => m.text.includes('приглашает вас'));
    expect(consent.text).toContain('Анна приглашает вас в «Расклад на двоих»');
    expect(consent.text).toContain('Подписка не нужна');
    const [accept] = inlineButtons(consent);
    expect(accept.text).toBe('Согласиться');
    h.tg.pressButton(boris.id, consent.message_id, accept.callback_data);
    await h.tg.waitForBotMessage(boris.id, (m) => m.text.includes('Готово: вы в паре с Анна'));

    // (An API call signs in as «Тест» and renames its caller: Anna's list is read while Boris is still «Борис».)
    expect((await h.call(anna.id, 'GET', '/api/pairs')).body.data.pairs).toMatchObject([
      { role: 'inviter', active: true, partner: { name: 'Борис' } },
    ]);
    expect((await h.call(boris.id, 'GET', '/api/pairs')).body.data.pairs).toMatchObject([{ role: 'partner', active: true }]);

    // The link is spent: a second person gets the reason, not a pair.
    h.tg.sendText(free, `/start ${link![1]}`);
    await h.tg.waitForBotMessage(free.id, (m) => m.text.includes('приглашение уже использовано'));
    expect((await h.call(free.id, 'GET', '/api/pairs')).body.data.pairs).toEqual([]);
  });
});
