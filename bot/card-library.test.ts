// «Библиотека карт» from the chat: a card's deep link (/start card_<id>) and /card show the card with a button
// that opens its page in the Mini App; /card alone opens the library; an unknown name is answered in Russian;
// /daily's card has a button to its page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK } from '../domain/tarot/deck';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { ChatMessage } from './local-telegram/index';

const webAppButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as { text: string; web_app?: { url: string } }[];

describe.each(TEST_DB_KINDS)('bot card library (%s)', (kind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness(kind);
  });
  afterAll(() => h?.close());

  it('a card deep link opens the card’s page in the library', async () => {
    const u = h.user(17_101, 'Вера');
    h.tg.sendText(u, '/start card_star');
    const msg = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Звезда'));
    expect(msg.text).toContain('Старший аркан · XVII');
    expect(msg.text).toContain('стихия: Воздух');
    const [button] = webAppButtons(msg);
    expect(button?.text).toBe('📖 Открыть карту в библиотеке');
    expect(new URL(button!.web_app!.url).pathname).toBe('/library/star');
  });

  it('/card finds a card by its Russian name; alone it opens the library; an unknown one is said so', async () => {
    const u = h.user(17_102, 'Лев');
    h.tg.sendText(u, '/card туз кубков');
    const ace = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Туз Кубков'));
    expect(ace.text).toContain('Кубки · Туз · стихия: Вода');
    expect(new URL(webAppButtons(ace)[0]!.web_app!.url).pathname).toBe('/library/ace-of-cups');

    h.tg.sendText(u, '/card');
    const lib = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('📖 Библиотека карт'));
    expect(new URL(webAppButtons(lib)[0]!.web_app!.url).pathname).toBe('/library');

    h.tg.sendText(u, '/card единорог');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Такой карты я не нашла'));
  });

  it('/daily names the card with a button to its page in the library', async () => {
    const u = h.user(17_103, 'Ада');
    h.tg.sendText(u, '/daily');
    const msg = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('🃏 Ваша карта дня'));
    const name = msg.text.split('\n')[2]!.replace(' (перевёрнутая)', '');
    const card = DECK.find((c) => c.name === name)!;
    const button = webAppButtons(msg).find((b) => b.text === `📖 ${name} в библиотеке`);
    expect(new URL(button!.web_app!.url).pathname).toBe(`/library/${card.id}`);
  });
});
