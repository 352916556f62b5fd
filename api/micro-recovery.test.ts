// The micro pack's recovery (POST /api/readings/micro/recover): a payment return that carries nothing from the
// device finds the pack and its reading by the ids the server recorded (the order, the purchase), never by a
// card's name; a later reading with another card does not mislead it; nothing bought is a 404 in Russian, and
// no card is ever invented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('micro pack recovery on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  const save = async (user: number, card: string) =>
    (await h.call(user, 'POST', '/api/user/reading', { title: 'Карта дня', cards: [card], spreadType: 'free_daily' })).body.data
      .readingId as number;
  const recover = (user: number, body: Record<string, unknown> = {}) => h.call(user, 'POST', '/api/readings/micro/recover', body);
  const names = (r: { body: any }) => r.body.data.reveal.cards.map((c: { name: string }) => c.name) as string[];

  it('a return with nothing from the device finds the paid pack’s own reading, not the latest one or a card by name', async () => {
    const user = 71_001;
    const paidFor = await save(user, 'Маг');
    expect((await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId: paidFor })).status).toBeLessThan(
      300,
    );
    // A later reading with another card: neither the latest reading nor «Шут» is the pack's.
    const later = await save(user, 'Шут');
    expect(later).not.toBe(paidFor);

    const r = await recover(user);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ state: 'revealed', readingId: paidFor });
    const cards = names(r);
    expect(cards).toHaveLength(3);
    // The pack's own card leads; the two extra cards are dealt at random (they may happen to include «Шут»).
    expect(cards[0]).toBe('Маг');
    // Asked again (a reload), the same stored cards.
    expect(names(await recover(user))).toEqual(cards);

    // By the order the return names (YooKassa's orderId), and by the reading.
    const order = await h.db
      .selectFrom('payment_orders')
      .select('id')
      .where('user_id', '=', user)
      .where('product', '=', 'micro')
      .executeTakeFirstOrThrow();
    const byOrder = await recover(user, { orderId: order.id });
    expect(byOrder.body.data).toMatchObject({ state: 'revealed', readingId: paidFor });
    expect(names(byOrder)).toEqual(cards);
    expect(names(await recover(user, { readingId: paidFor }))).toEqual(cards);
  });

  it('nothing bought: a 404 with a Russian message, never an invented card', async () => {
    const user = 71_002;
    await save(user, 'Шут');
    const r = await recover(user);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe(
      'Покупка микро-пакета не найдена. Если вы только что оплатили, подождите минуту и нажмите «Попробовать снова».',
    );
    expect(r.body.code).toBe('micro_not_found');
    expect(JSON.stringify(r.body)).not.toContain('Шут');
    expect(await h.db.selectFrom('micro_purchases').select('id').where('user_id', '=', user).execute()).toEqual([]);
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', user).execute()).toHaveLength(1);
  });

  it('a named reading without its payment yet is pending (the screen polls); someone else’s reading or order is not found', async () => {
    const user = 71_003;
    const id = await save(user, 'Луна');
    expect((await recover(user, { readingId: id })).body.data).toEqual({ state: 'pending', readingId: id });

    const other = 71_004;
    expect((await recover(other, { readingId: id })).status).toBe(404);
    const theirs = await save(other, 'Солнце');
    await h.call(other, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId: theirs });
    const order = await h.db.selectFrom('payment_orders').select('id').where('user_id', '=', other).executeTakeFirstOrThrow();
    expect((await recover(user, { orderId: order.id })).status).toBe(404);
  });

  it('the daily card’s screen asks for today’s pack only: yesterday’s belongs to yesterday’s card', async () => {
    const user = 71_005;
    const id = await save(user, 'Звезда');
    await h.call(user, 'POST', '/api/payments/create-one-time', { product: 'micro', readingId: id });
    expect((await recover(user, { recent: true })).body.data.readingId).toBe(id);
    // The pack was bought yesterday (its row as a purchase of the day before would be).
    await h.db
      .updateTable('micro_purchases')
      .set({ created_at: new Date(Date.now() - 86_400_000 - 60_000) })
      .where('user_id', '=', user)
      .execute();
    expect((await recover(user, { recent: true })).body.data).toEqual({ state: 'none', readingId: null });
    expect((await recover(user)).body.data.readingId).toBe(id);
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = await recover(71_006, { orderId: 'нет' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^orderId: /);
    expect((await recover(71_006, { readingId: 'x' })).body.error).toMatch(/^readingId: /);
  });
});
