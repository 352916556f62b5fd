// The support desk under a flood, through the real bot and the local Telegram: one user's messages reach the
// operators' group at most five a minute (the sixth is not relayed, and the user is told so in Russian), and
// everyone's relays into the group are paced within Telegram's group rate (20 a minute, a second apart):
// queued, none dropped. The pacing runs on a virtual clock that moves only when it waits, so the times it
// keeps are exact whatever the machine's load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';

const GROUP = -100_470_003;

describe.each(TEST_DB_KINDS)('support relays limited (%s)', (kind) => {
  let h: BotHarness;
  let t = 0;
  const waits: { until: number; delivered: number }[] = [];
  const relayed = () => h.tg.botMessages(GROUP).filter((m) => m.text.includes('Обращение №')).length;

  beforeAll(async () => {
    h = await createBotHarness(kind, {
      supportChatId: GROUP,
      operatorPacingClock: {
        now: () => t,
        async sleep(ms: number) {
          waits.push({ until: t + ms, delivered: relayed() });
          t += ms;
        },
      },
    });
    h.tg.openGroup(GROUP, 'Поддержка Таро');
  });
  afterAll(() => h?.close());

  /** The user's next bot message after those already in the chat. */
  async function send(userId: number, text: string) {
    const seen = h.tg.botMessages(userId).length;
    h.tg.sendText(userId, text);
    return h.tg.waitForBotMessage(userId, () => h.tg.botMessages(userId).length > seen).then(() => h.tg.botMessages(userId).at(-1)!);
  }

  it('five users write five messages each: all 25 reach the group, 20 in the first minute a second apart, the rest queued into the next', async () => {
    const users = [47_301, 47_302, 47_303, 47_304, 47_305];
    for (const [i, id] of users.entries()) {
      h.tg.sendText(h.user(id, `Клиент ${i + 1}`), '/support');
      await h.tg.waitForBotMessage(id, (m) => m.text.includes('обращение №'));
    }
    for (let round = 0; round < 5; round++)
      for (const id of users) expect((await send(id, `Вопрос ${round + 1} от ${id}`)).text).toContain('Передано в поддержку');
    expect(relayed()).toBe(25);
    // The first 20 a second apart; the 21st waits for the first to leave the minute, then a second apart again.
    expect(waits).toEqual([
      ...Array.from({ length: 19 }, (_, i) => ({ until: (i + 1) * 1000, delivered: i + 1 })),
      ...Array.from({ length: 5 }, (_, i) => ({ until: 60_000 + i * 1000, delivered: 20 + i })),
    ]);
  });

  it('a sixth message from one user within the minute is not relayed, and the user is told so; the next minute it goes', async () => {
    const id = 47_310;
    h.tg.sendText(h.user(id, 'Торопыга'), '/support');
    await h.tg.waitForBotMessage(id, (m) => m.text.includes('обращение №'));
    for (let i = 1; i <= 5; i++) expect((await send(id, `Сообщение ${i}`)).text).toContain('Передано в поддержку');
    const before = relayed();
    const refused = await send(id, 'Сообщение 6');
    expect(refused.text).toMatch(
      /^⏳ В поддержку уходит не больше 5 сообщений в минуту, поэтому это сообщение не передано\. Попробуйте через (\d+ )?(секунд|минут)/,
    );
    expect(relayed()).toBe(before);
    expect(h.tg.botMessages(GROUP).some((m) => m.text.includes('Сообщение 6'))).toBe(false);
    const stored = await h.db.selectFrom('support_messages').select('text').where('user_id', '=', id).execute();
    expect(stored.map((m) => m.text)).not.toContain('Сообщение 6');

    h.setNow(new Date(h.deps.clock().getTime() + 61_000));
    expect((await send(id, 'Сообщение 6, снова')).text).toContain('Передано в поддержку');
    expect(h.tg.botMessages(GROUP).some((m) => m.text.includes('Сообщение 6, снова'))).toBe(true);
  });
});
