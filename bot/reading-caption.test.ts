// The picture of a chat reading: a caption Telegram would refuse (over 1,024 visible characters: a year
// forecast's thirteen long card names with a 500-character question) is cut with «…» and a button to the
// whole text; a picture Telegram refuses to take sends the cards as text, and the reading still arrives.
// The real bot against the local Telegram, which refuses long captions as Telegram does, on every test database.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RandomInt } from '../domain/tarot/deal';
import { DECK } from '../domain/tarot/deck';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import type { ChatMessage } from './local-telegram/index';

const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];

/** crypto.randomInt, except once armed: then the next deal gives `wanted` in order, every card reversed. */
function riggableRandom() {
  let rig: RandomInt | null = null;
  return {
    randomInt: ((max) => (rig ? rig(max) : crypto.randomInt(max))) as RandomInt,
    arm(wanted: string[]) {
      // Fisher–Yates from the end: the last steps fill the first places, the earlier ones keep `wanted` out of the tail.
      const out = DECK.map((c) => c.id);
      let i = out.length - 1;
      let reversals = wanted.length;
      rig = (max) => {
        if (i > 0) {
          if (max !== i + 1) throw new Error(`the rig expected a shuffle step of ${i + 1}, got ${max}`);
          const j = i < wanted.length ? out.indexOf(wanted[i]) : wanted.includes(out[i]) ? out.findIndex((c) => !wanted.includes(c)) : i;
          [out[i], out[j]] = [out[j], out[i]];
          i--;
          return j;
        }
        if (--reversals === 0) rig = null;
        return 1; // reversed
      };
    },
  };
}

describe.each(TEST_DB_KINDS)('chat reading picture caption (%s)', (kind) => {
  let h: BotHarness;
  const random = riggableRandom();
  let nextUser = 21_000;

  beforeAll(async () => {
    h = await createBotHarness(kind, { randomInt: random.randomInt });
  });
  afterAll(async () => {
    await h?.close();
  });

  async function askQuestion(userId: number, spread: string) {
    // The picture is the plain path's (a client without rich messages); the rich message carries a collage.
    h.tg.sendText(h.user(userId, 'Алла'), '/reading');
    h.tg.setRichMessages(userId, false);
    const menu = await h.tg.waitForBotMessage(userId, (m) => m.text.startsWith('🔮 Выберите расклад'));
    h.tg.pressButton(userId, menu.message_id, `rd:${spread}`);
    await h.tg.waitForBotMessage(userId, (m) => m.text.includes('Напишите свой вопрос'));
  }

  it('a year forecast whose caption would pass 1,024 characters: the picture comes with the caption cut to fit and «…», and a button sends the whole text', async () => {
    const id = ++nextUser;
    await h.services.users.ensure(id);
    await h.services.users.activateMockPlan(id, 'vip');
    await askQuestion(id, 'year_forecast');

    // 500 characters, with «<», «>» and «&» (each is an entity in the HTML, one character to Telegram).
    const question =
      'Доход > расходов & долги < сбережений: что принесёт мне этот год в работе, в любви и в здоровье? '.repeat(6).slice(0, 499).trim() +
      '?';
    expect(question).toHaveLength(500);
    // The thirteen longest names in the deck, every one reversed: the caption's worst case.
    const longest = [...DECK].sort((a, b) => b.name.length - a.name.length).slice(0, 13);
    random.arm(longest.map((c) => c.id));
    h.tg.sendText(id, question);

    const picture = await h.tg.waitForBotMessage(id, (m) => !!m.photo);
    const interpretation = await h.tg.waitForBotMessage(id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup);
    expect(picture.message_id).toBeLessThan(interpretation.message_id);
    // Telegram's limit holds on what the user sees, and the cut says so.
    expect(picture.text.length).toBeLessThanOrEqual(1024);
    expect(picture.text.length).toBeGreaterThan(1000);
    expect(picture.text.endsWith('…')).toBe(true);
    expect(picture.text.startsWith(`🃏 Прогноз на год\nВопрос: «${question}»`)).toBe(true);
    const button = inlineButtons(picture).find((b) => /Читать полностью/.test(b.text));
    expect(button?.callback_data).toBeTruthy();

    const reading = await h.db.selectFrom('readings').select(['id', 'cards']).where('user_id', '=', id).executeTakeFirstOrThrow();
    h.tg.pressButton(id, picture.message_id, button.callback_data);
    const full = await h.tg.waitForBotMessage(
      id,
      (m) => m.message_id > interpretation.message_id && m.text.startsWith('🃏 Прогноз на год'),
    );
    // The whole text: longer than a caption may be, the cut caption its beginning, every card named.
    expect(full.photo).toBeFalsy();
    expect(full.text.length).toBeGreaterThan(1024);
    expect(full.text.startsWith(picture.text.slice(0, -1).trimEnd())).toBe(true);
    const view = await h.services.readings.get(id, reading.id);
    expect(view.cards.map((c) => c.name).sort()).toEqual(longest.map((c) => c.name).sort());
    for (const c of view.cards) expect(full.text).toContain(`${c.positionName}: ${c.name} (перевёрнутая)`);
    expect(full.html).toContain('&lt; сбережений');
    expect(h.logs.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('a picture Telegram refuses: the cards arrive as text (the reason logged), then the interpretation', async () => {
    const id = ++nextUser;
    await askQuestion(id, 'free_daily');
    h.tg.failNext(id, { error_code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' }, 1, 'sendPhoto');
    h.tg.sendText(id, 'Что принесёт мне эта неделя?');

    const cards = await h.tg.waitForBotMessage(id, (m) => m.text.startsWith('🃏 Расклад дня'));
    const interpretation = await h.tg.waitForBotMessage(id, (m) => m.text.includes('Общий вывод') && !!m.reply_markup);
    expect(cards.photo).toBeFalsy();
    expect(cards.text).toContain('Вопрос: «Что принесёт мне эта неделя?»');
    expect(cards.message_id).toBeLessThan(interpretation.message_id);
    expect(h.tg.calls.filter((c) => c.chatId === id && c.method === 'sendPhoto').map((c) => c.errorCode)).toEqual([400]);
    const warning = h.logs.find((l) => l.msg?.includes('spread picture') && l.chatId === id);
    expect(warning).toMatchObject({ level: 40, reason: 'Bad Request: IMAGE_PROCESS_FAILED' });
    expect(h.logs.filter((l) => l.msg === 'bot update failed')).toEqual([]);
  });

  it("«Читать полностью» sends the list to the reading's owner only, and not past the archive window of their plan", async () => {
    const owner = ++nextUser;
    const other = ++nextUser;
    await h.services.users.ensure(owner);
    await h.services.users.activateMockPlan(owner, 'basic');
    const reading = await h.services.readings.create(owner, { spreadType: 'past_present_future', question: 'Как сложится моя учёба?' });
    h.tg.sendText(h.user(other), '/help');
    h.tg.sendText(h.user(owner), '/help');
    const [otherMessage, ownerMessage] = await Promise.all([other, owner].map((u) => h.tg.waitForBotMessage(u, () => true)));

    h.tg.pressButton(other, otherMessage.message_id, `cards:${reading.id}`);
    await h.tg.waitForBotMessage(other, (m) => m.text === 'Расклад не найден');
    h.tg.pressButton(owner, ownerMessage.message_id, `cards:${reading.id}`);
    const list = await h.tg.waitForBotMessage(owner, (m) => m.text.startsWith('🃏 Прошлое, настоящее, будущее'));
    expect(list.text).toContain('Вопрос: «Как сложится моя учёба?»');

    // Forty days later the reading is past a Basic plan's 30 days: the plan is offered instead.
    await h.db
      .updateTable('readings')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', reading.id)
      .execute();
    h.tg.pressButton(owner, ownerMessage.message_id, `cards:${reading.id}`);
    const refusal = await h.tg.waitForBotMessage(owner, (m) => m.text === 'Расклады в «Мои расклады» старше 30 дней открывает VIP.');
    expect(inlineButtons(refusal)[0].web_app.url).toContain('/subscription');
    expect(h.tg.botMessages(owner).filter((m) => m.text.startsWith('🃏'))).toHaveLength(1);
  });
});
