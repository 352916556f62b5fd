// The user's data through the real app: the export carries every kind of record the user has; deletion
// needs a confirmation, leaves no row of the user in any registered table (checked table by table), keeps
// the payment records detached and without question or name, and every id the user had answers 404.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, USER_DATA } from '../db/user-data';
import { createServices } from '../services';
import { createApi } from './app';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

describe.each(TEST_DB_KINDS)('the user data on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const QUESTION = 'Вернётся ли ко мне Марина?';

  /** A user with a reading (interpreted, with a note and a follow-up), natal data, a paid micro pack. */
  async function fullUser(user: number) {
    await h.call({ id: user, first_name: 'Ольга', username: 'olga' }, 'GET', '/api/user/status');
    // A free reading and a micro pack paid for it (mock payments: paid at once).
    const free = await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: QUESTION });
    expect(free.status).toBe(201);
    const paid = await h.call(user, 'POST', '/api/payments/create-one-time', {
      product: 'micro',
      readingId: free.body.data.id,
      context: { question: QUESTION },
    });
    expect(paid.status).toBe(200);
    await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' });
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question: QUESTION });
    expect(r.status).toBe(201);
    const id = r.body.data.id as number;
    expect((await h.call(user, 'GET', `/api/readings/${id}/interpretation`)).status).toBe(200);
    expect((await h.call(user, 'PUT', `/api/readings/${id}/note`, { note: 'Записать, что почувствовала' })).status).toBe(200);
    const fu = await h.call(user, 'POST', `/api/readings/${id}/follow-ups`, { question: 'А если я напишу первой?' });
    expect(fu.status).toBe(201);
    expect((await h.call(user, 'POST', `/api/readings/${id}/second-opinion`, { voice: 'gentle' })).status).toBe(201);
    expect((await h.call(user, 'POST', '/api/natal/chart', { date: '1990-05-17', time: '08:30', city: 'Омск' })).status).toBe(200);
    return { readingId: id, followUpId: fu.body.data.followUp.id as number };
  }

  it('exports every kind of record the user has, as JSON and as a readable HTML copy', async () => {
    const user = 62_000_001;
    await fullUser(user);
    const res = await h.app.request('/api/user/export', { headers: { Authorization: h.authFor(user) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tarot-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = await res.json();
    const section = (table: string) => data.sections.find((s: { table: string }) => s.table === table).rows;
    const reading = section('readings').find((r: { spread_type: string }) => r.spread_type === 'past_present_future');
    expect(reading).toMatchObject({ question: QUESTION });
    expect(section('reading_notes')).toEqual([expect.objectContaining({ reading_id: reading.id, note: 'Записать, что почувствовала' })]);
    expect(reading.cards).toHaveLength(3);
    expect(reading.interpretation).toEqual(expect.any(String));
    expect(section('reading_follow_ups')[0]).toMatchObject({ question: 'А если я напишу первой?' });
    expect(section('second_opinions')[0]).toMatchObject({ voice: 'gentle', source: 'cards', text: expect.stringContaining('## Карты') });
    expect(section('natal_birth_data')[0]).toMatchObject({ birth_date: '1990-05-17', birth_time: '08:30' });
    expect(section('users')[0]).toMatchObject({ id: user, first_name: expect.any(String), subscription_type: 'vip', notify_daily: true });
    expect(section('payments')[0]).toMatchObject({ product: 'micro' });
    expect(section('micro_purchases')).toHaveLength(1);
    // No secret leaves: session hashes, the saved card's reference, idempotence keys.
    expect(JSON.stringify(data)).not.toMatch(/id_hash|idempotence_key|"reference"/);

    const html = await h.app.request('/api/user/export?format=html', { headers: { Authorization: h.authFor(user) } });
    expect(html.headers.get('content-type')).toContain('text/html');
    const text = await html.text();
    expect(text).toContain('Расклады (2)');
    expect(text).toContain('Вернётся ли ко мне Марина?');
  });

  it('deletes only with {"confirm": true}; afterwards nothing of the user is left but the detached payment records', async () => {
    const user = 62_000_002;
    const { readingId, followUpId } = await fullUser(user);
    const preview = await h.call(user, 'GET', '/api/user/deletion');
    expect(preview.body.data.plan).toBe('VIP');
    expect(preview.body.data.lines.join(' ')).toMatch(/хранятся 5 лет/);

    const unconfirmed = await h.call(user, 'DELETE', '/api/user', {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toMatch(/^confirm: /);
    const done = await h.call(user, 'DELETE', '/api/user', { confirm: true });
    expect(done.status).toBe(200);

    // Table by table, before any further call of the user could create them anew.
    for (const t of USER_DATA) {
      const rows = await rowsOf(h.db, t, user);
      expect({ table: t.table, rows: rows.length }).toEqual({ table: t.table, rows: 0 });
    }
    const kept = await h.db.selectFrom('payments').selectAll().where('user_id', 'is', null).execute();
    expect(kept.length).toBeGreaterThan(0);
    const orders = await h.db.selectFrom('payment_orders').selectAll().where('user_id', 'is', null).execute();
    expect(orders.length).toBeGreaterThan(0);
    const keptText = JSON.stringify([kept, orders]);
    expect(keptText).not.toContain('Марина');
    expect(keptText).not.toContain('Ольга');
    expect(orders.every((o) => o.reading_id === null && o.context === null)).toBe(true);

    // Coming back: a fresh start, every old id answers as a missing one.
    expect((await h.call(user, 'GET', `/api/readings/${readingId}`)).status).toBe(404);
    expect((await h.call(user, 'GET', `/api/readings/${readingId}/follow-ups`)).status).toBe(404);
    expect((await h.call(user, 'GET', '/api/natal/data')).body.data.birthData).toBeNull();
    const status = await h.call(user, 'GET', '/api/user/status');
    expect(status.body.data.userStatus.subscriptionType).toBe('free');
    expect(followUpId).toBeGreaterThan(0);
    // A purchase without the trial leaves no marker (only the trial is remembered, as the terms say).
    expect(await h.services.userData.erasedBefore(user)).toEqual({ trialUsed: false, purchased: false });
  });

  it('a user deleted through one instance is not served from another instance’s memory of the profile', async () => {
    const user = 62_000_003;
    const profile = { id: user, first_name: 'Ольга', username: 'olga' };
    // A second instance on the same database: its own services, so its own memory of written profiles.
    const other = createApi({ services: createServices(h.deps), identity: h.identity, logger: pino({ level: 'silent' }), localMode: true });
    const onB = async (method: string, path: string, json?: unknown) => {
      const res = await other.request(path, {
        method,
        headers: { Authorization: h.authFor(profile), ...(json ? { 'Content-Type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
      return { status: res.status, body: await res.json() };
    };
    expect((await onB('GET', '/api/user/status')).status).toBe(200);
    const r = await onB('POST', '/api/readings', { spreadType: 'free_daily', question: QUESTION });
    expect(r.status).toBe(201);
    expect((await h.call(profile, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);
    expect(await h.db.selectFrom('users').select('id').where('id', '=', user).executeTakeFirst()).toBeUndefined();

    // The same signed profile on B, which remembered it as written: a fresh user, not a 404 and not the old data.
    const status = await onB('GET', '/api/user/status');
    expect(status.status).toBe(200);
    expect(status.body.data.userStatus).toMatchObject({ subscriptionType: 'free', totalSpreadsUsed: 0 });
    expect(await h.db.selectFrom('users').select('first_name').where('id', '=', user).executeTakeFirst()).toEqual({ first_name: 'Ольга' });
    expect((await onB('GET', `/api/readings/${r.body.data.id}`)).status).toBe(404);
    // The day's free spread was used before the deletion and stays used (api/limits-after-deletion.test.ts).
    expect((await onB('POST', '/api/readings', { spreadType: 'free_daily', question: QUESTION })).status).toBe(429);

    // Deleted again through A; B's first call is one that reads no status (the entitlements poll). On
    // PostgreSQL B keeps nothing in process: its authentication finds no row and writes the user anew at once.
    // On PGlite (one instance in real use) B remembered the profile: refused once as a missing user, then
    // B forgets it, so the next call writes the user anew.
    expect((await h.call(profile, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);
    if (kind === 'pglite') expect((await onB('GET', '/api/user/entitlements')).status).toBe(404);
    expect((await onB('GET', '/api/user/entitlements')).body.data).toMatchObject({ subscriptionType: 'free', hasMicroPurchase: false });
  });
});
