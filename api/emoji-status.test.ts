// «Карта дня в статусе» through the real app: no offer before today's card is drawn, or without the operator's
// map; after the draw, the custom emoji of today's card; offered once per user, whatever the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_IDS } from '../domain/tarot/deck';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

/** An emoji id per card: the card's index after a fixed prefix. */
const MAP = Object.fromEntries(CARD_IDS.map((id, i) => [id, `53683241706712${String(i).padStart(5, '0')}`]));

describe.each(TEST_DB_KINDS)('emoji status offer (%s)', (kind) => {
  let h: Harness;
  let off: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { emojiStatus: MAP });
    off = await createHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
    await off?.close();
  });
  const offer = async (hh: Harness, user: number) => (await hh.call(user, 'GET', '/api/emoji-status')).body.data;

  it('after the draw: today’s card’s emoji; once offered, never again', async () => {
    const user = 72_000_001;
    expect(await offer(h, user)).toEqual({ customEmojiId: null });
    const drawn = (await h.call(user, 'POST', '/api/user/daily-card/use', {})).body.data;
    const cardId: string = drawn.card.cardId;
    expect(await offer(h, user)).toEqual({ customEmojiId: MAP[cardId] });
    expect((await h.call(user, 'POST', '/api/emoji-status/offered')).body.data).toEqual({ offered: true });
    expect(await offer(h, user)).toEqual({ customEmojiId: null });
    // A second mark changes nothing.
    expect((await h.call(user, 'POST', '/api/emoji-status/offered')).status).toBe(200);
    expect(await offer(h, user)).toEqual({ customEmojiId: null });
  });

  it('without the operator’s map there is never an offer', async () => {
    const user = 72_000_002;
    await off.call(user, 'POST', '/api/user/daily-card/use', {});
    expect(await offer(off, user)).toEqual({ customEmojiId: null });
  });
});
