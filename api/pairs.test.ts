// Readings for two through HTTP: a VIP's single-use invitation (7 days), accepting it, the pair's screen with
// the synastry (checked against astronomy-engine directly), the pair's six-card spread charged to the inviter
// and seen by both, notes only their author sees, outsiders' 404, leaving, and the pair in export and deletion.
import * as Astronomy from 'astronomy-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import type { UserExport } from '../services/user-data';
import { createHarness, type Harness } from '../test/harness';

const norm = (d: number) => ((d % 360) + 360) % 360;
const sep = (a: number, b: number) => {
  const d = Math.abs(norm(a - b));
  return d > 180 ? 360 - d : d;
};
/** The four planets' apparent geocentric ecliptic longitudes, straight from astronomy-engine. */
function referenceLongitudes(utc: string) {
  const t = Astronomy.MakeTime(new Date(utc));
  return {
    sun: norm(Astronomy.SunPosition(t).elon),
    moon: norm(Astronomy.EclipticGeoMoon(t).lon),
    venus: norm(Astronomy.Ecliptic(Astronomy.GeoVector(Astronomy.Body.Venus, t, true)).elon),
    mars: norm(Astronomy.Ecliptic(Astronomy.GeoVector(Astronomy.Body.Mars, t, true)).elon),
  };
}
/**
 * The ascendant found from the sky itself: the point of the ecliptic (of date) on the eastern horizon, searched
 * along the ecliptic with astronomy-engine's horizon coordinates (not the formula the app uses).
 */
function referenceAscendant(utc: string, latitude: number, longitude: number): number {
  const t = Astronomy.MakeTime(new Date(utc));
  const observer = new Astronomy.Observer(latitude, longitude, 0);
  const rot = Astronomy.Rotation_ECT_EQD(t);
  let best = { lon: 0, alt: Infinity };
  for (let i = 0; i < 36_000; i++) {
    const lon = i / 100;
    const r = lon * (Math.PI / 180);
    const eq = Astronomy.EquatorFromVector(Astronomy.RotateVector(rot, new Astronomy.Vector(Math.cos(r), Math.sin(r), 0, t)));
    const hor = Astronomy.Horizon(t, observer, eq.ra, eq.dec);
    if (hor.azimuth > 0 && hor.azimuth < 180 && Math.abs(hor.altitude) < Math.abs(best.alt)) best = { lon, alt: hor.altitude };
  }
  return best.lon;
}
const MOSCOW = { latitude: 55.7558, longitude: 37.6173 };
const ASPECT_ANGLES: Record<string, [number, number]> = {
  conjunction: [0, 8],
  sextile: [60, 4],
  square: [90, 6],
  trine: [120, 6],
  opposition: [180, 8],
};

describe.each(TEST_DB_KINDS)('readings for two on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const vip = async (user: number) =>
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
  const invite = async (user: number) => {
    const r = await h.call(user, 'POST', '/api/pairs');
    expect(r.status).toBe(201);
    return r.body.data as { token: string; link: string | null; startParam: string };
  };
  const pairOf = async (inviter: number, partner: number) => {
    const { token } = await invite(inviter);
    const r = await h.call({ id: partner, first_name: 'Маша' }, 'POST', '/api/pairs/accept', { token });
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  };

  it('an invitation needs VIP; it is single-use, expires after 7 days, and cannot be accepted by its author', async () => {
    const free = await h.call(31_001, 'POST', '/api/pairs');
    expect(free.status).toBe(402);
    expect(free.body.error).toMatch(/VIP/);

    await vip(31_002);
    const inv = await invite(31_002);
    expect(inv.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(inv.startParam).toBe(`pair_${inv.token}`);
    // The consent screen: who invites.
    const seen = await h.call(31_003, 'GET', `/api/pairs/invitations/${inv.token}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ inviter: 'Тест', own: false });

    const own = await h.call(31_002, 'POST', '/api/pairs/accept', { token: inv.token });
    expect(own.status).toBe(400);
    expect(own.body.error).toMatch(/^token: /);
    const first = await h.call(31_003, 'POST', '/api/pairs/accept', { token: inv.startParam });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ role: 'partner', active: true, canAsk: false, readings: [] });
    const again = await h.call(31_004, 'POST', '/api/pairs/accept', { token: inv.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('token: приглашение уже использовано');

    const late = await invite(31_002);
    h.setNow(new Date(h.deps.clock().getTime() + 7 * DAY_MS + 1000));
    const expired = await h.call(31_005, 'POST', '/api/pairs/accept', { token: late.token });
    expect(expired.status).toBe(409);
    expect(expired.body.error).toBe('token: срок приглашения истёк');
    expect((await h.call(31_005, 'GET', '/api/pairs')).body.data.pairs).toEqual([]);

    expect((await h.call(31_005, 'POST', '/api/pairs/accept', { token: 'не токен' })).body.error).toMatch(/^token: /);
    expect((await h.call(31_005, 'POST', '/api/pairs/accept', { token: 'A'.repeat(32) })).status).toBe(404);
    expect((await h.call(31_005, 'POST', '/api/pairs/accept', {})).status).toBe(400);
  });

  it('the pair reading: asked by the inviter (one VIP spread), read by both; notes are private; a third user gets 404', async () => {
    const [inviter, partner, stranger] = [31_101, 31_102, 31_103];
    await vip(inviter);
    const pairId = await pairOf(inviter, partner);
    const before = (await h.call(inviter, 'GET', '/api/user/status')).body.data.userStatus.remainingSpreads;

    // The partner may not ask; the inviter's crisis question gets help lines, nothing charged.
    const byPartner = await h.call(partner, 'POST', `/api/pairs/${pairId}/readings`, { question: 'Что нас ждёт вместе?' });
    expect(byPartner.status).toBe(403);
    expect(byPartner.body.error).toMatch(/задаёт пригласивший/);
    const crisis = await h.call(inviter, 'POST', `/api/pairs/${pairId}/readings`, { question: 'Не хочу больше жить, что делать?' });
    expect(crisis.status).toBe(422);
    expect((await h.call(inviter, 'POST', `/api/pairs/${pairId}/readings`, { question: '' })).body.error).toMatch(/^question: /);

    const asked = await h.call(inviter, 'POST', `/api/pairs/${pairId}/readings`, { question: 'Что нас ждёт вместе?' });
    expect(asked.status).toBe(201);
    const reading = asked.body.data;
    expect(reading.cards.map((c: { positionName: string }) => c.positionName)).toEqual([
      'Я',
      'Партнёр',
      'Что нас связывает',
      'Что разделяет',
      'Совет паре',
      'Перспектива',
    ]);
    expect((await h.call(inviter, 'GET', '/api/user/status')).body.data.userStatus.remainingSpreads).toBe(before - 1);
    // The pair's spread is not offered through the ordinary call.
    expect((await h.call(inviter, 'POST', '/api/readings', { spreadType: 'pair_reading', question: 'Что нас ждёт?' })).body.error).toMatch(
      /^spreadType: /,
    );

    // Both see the same cards and the same reading (card-based here: no AI configured).
    const forPartner = await h.call(partner, 'GET', `/api/readings/${reading.id}`);
    expect(forPartner.status).toBe(200);
    expect(forPartner.body.data.cards.map((c: { cardId: string }) => c.cardId)).toEqual(
      reading.cards.map((c: { cardId: string }) => c.cardId),
    );
    const text = await h.call(partner, 'GET', `/api/readings/${reading.id}/interpretation`, undefined, { Accept: 'application/json' });
    expect(text.status).toBe(200);
    const pairForPartner = (await h.call(partner, 'GET', `/api/pairs/${pairId}`)).body.data;
    expect(pairForPartner.readings.map((r: { id: number }) => r.id)).toEqual([reading.id]);
    expect(pairForPartner.askNote).toMatch(/задаёт пригласивший/);

    // Notes: each member's own.
    expect((await h.call(partner, 'PUT', `/api/readings/${reading.id}/note`, { note: 'Моя тайная мысль' })).status).toBe(200);
    expect((await h.call(inviter, 'PUT', `/api/readings/${reading.id}/note`, { note: 'Заметка пригласившего' })).status).toBe(200);
    expect((await h.call(partner, 'GET', `/api/readings/${reading.id}`)).body.data.note).toBe('Моя тайная мысль');
    expect((await h.call(inviter, 'GET', `/api/readings/${reading.id}`)).body.data.note).toBe('Заметка пригласившего');
    expect((await h.call(inviter, 'GET', `/api/pairs/${pairId}`)).body.data.readings[0].note).toBe('Заметка пригласившего');

    // A third user: the pair, its reading, its interpretation, a note on it are all 404.
    expect((await h.call(stranger, 'GET', `/api/pairs/${pairId}`)).status).toBe(404);
    expect((await h.call(stranger, 'GET', `/api/readings/${reading.id}`)).status).toBe(404);
    expect(
      (await h.call(stranger, 'GET', `/api/readings/${reading.id}/interpretation`, undefined, { Accept: 'application/json' })).status,
    ).toBe(404);
    expect((await h.call(stranger, 'PUT', `/api/readings/${reading.id}/note`, { note: 'чужое' })).status).toBe(404);
    expect((await h.call(stranger, 'DELETE', `/api/pairs/${pairId}`)).status).toBe(404);
    expect((await h.call(stranger, 'POST', `/api/pairs/${pairId}/readings`, { question: 'Что нас ждёт?' })).status).toBe(404);
    expect((await h.call(stranger, 'GET', '/api/pairs/abc')).body.error).toMatch(/^id: /);

    // Several pairs: the partner invites nobody, but the inviter pairs with someone else too.
    await pairOf(inviter, 31_104);
    expect((await h.call(inviter, 'GET', '/api/pairs')).body.data.pairs).toHaveLength(2);

    // The inviter's VIP ends: what exists stays visible, a new pair reading needs VIP again.
    // (40 days on: past the month's plan and past the 30-day archive window of a free user.)
    h.setNow(new Date(h.deps.clock().getTime() + 40 * DAY_MS));
    const after = (await h.call(inviter, 'GET', `/api/pairs/${pairId}`)).body.data;
    expect(after.readings).toHaveLength(1);
    expect(after.canAsk).toBe(false);
    expect(after.askNote).toMatch(/VIP/);
    expect((await h.call(inviter, 'POST', `/api/pairs/${pairId}/readings`, { question: 'Что нас ждёт?' })).status).toBe(402);
    expect((await h.call(partner, 'GET', `/api/readings/${reading.id}`)).status).toBe(200);

    // Leaving: the partner leaves; the pair is gone for them, its reading stays only with its asker.
    expect((await h.call(partner, 'DELETE', `/api/pairs/${pairId}`)).body.data).toEqual({ left: true });
    expect((await h.call(partner, 'GET', `/api/pairs/${pairId}`)).status).toBe(404);
    expect((await h.call(partner, 'GET', `/api/readings/${reading.id}`)).status).toBe(404);
    expect((await h.call(partner, 'GET', '/api/pairs')).body.data.pairs).toEqual([]);
    const left = (await h.call(inviter, 'GET', `/api/pairs/${pairId}`)).body.data;
    expect(left).toMatchObject({ active: false, partner: { left: true }, synastry: { aspects: null } });
    expect(left.readings).toHaveLength(1);
    // Now an ordinary reading of its asker's archive: 40 days old and no VIP, so the archive rule asks for VIP.
    expect((await h.call(inviter, 'GET', `/api/readings/${reading.id}`)).status).toBe(402);
  });

  it('the synastry: aspects between the two charts match astronomy-engine within 1°; without both charts it says why', async () => {
    const [a, b] = [31_201, 31_202];
    await vip(a);
    const pairId = await pairOf(a, b);
    const none = (await h.call(a, 'GET', `/api/pairs/${pairId}`)).body.data.synastry;
    expect(none.aspects).toBeNull();
    expect(none.reason).toMatch(/натальную карту/);

    expect((await h.call(a, 'POST', '/api/natal/chart', { date: '1990-05-15', time: '12:30', city: 'Москва' })).status).toBe(200);
    expect((await h.call(b, 'GET', `/api/pairs/${pairId}`)).body.data.synastry.reason).toMatch(/заполните свою/i);
    expect((await h.call(b, 'POST', '/api/natal/chart', { date: '1985-02-10', time: '18:00', city: 'Москва' })).status).toBe(200);
    const s = (await h.call(a, 'GET', `/api/pairs/${pairId}`)).body.data.synastry;
    expect(s.reason).toBeNull();
    expect(s.note).toBeNull();
    expect(s.points.map((p: { key: string }) => p.key)).toEqual(['sun', 'moon', 'venus', 'mars', 'ascendant']);

    // The reference: Moscow 1990-05-15 12:30 is 08:30 UTC (summer time, +4), 1985-02-10 18:00 is 15:00 UTC (+3).
    const ra = {
      ...referenceLongitudes('1990-05-15T08:30:00Z'),
      ascendant: referenceAscendant('1990-05-15T08:30:00Z', MOSCOW.latitude, MOSCOW.longitude),
    };
    const rb = {
      ...referenceLongitudes('1985-02-10T15:00:00Z'),
      ascendant: referenceAscendant('1985-02-10T15:00:00Z', MOSCOW.latitude, MOSCOW.longitude),
    };
    // The points shown for the picture are the reference's, within 1°.
    for (const p of s.points as { key: keyof typeof ra; me: number; partner: number }[]) {
      expect(sep(p.me, ra[p.key]), `${p.key} (first)`).toBeLessThan(1);
      expect(sep(p.partner, rb[p.key]), `${p.key} (second)`).toBeLessThan(1);
    }
    const points = ['sun', 'moon', 'venus', 'mars', 'ascendant'] as const;
    let expected = 0;
    for (const x of points)
      for (const y of points) {
        const d = sep(ra[x], rb[y]);
        for (const [aspect, [angle, fullOrb]] of Object.entries(ASPECT_ANGLES)) {
          const orb = x === 'ascendant' || y === 'ascendant' ? Math.min(fullOrb, 5) : fullOrb;
          const off = Math.abs(d - angle);
          const found = s.aspects!.find((q: { a: string; b: string; aspect: string }) => q.a === x && q.b === y && q.aspect === aspect);
          // Clearly inside the orb: present, its angle within 1° of the reference; clearly outside: absent.
          if (off < orb - 1) {
            expected++;
            expect(found, `${x}–${y} ${aspect}`).toBeTruthy();
            expect(Math.abs(found!.angle - d)).toBeLessThan(1);
            expect(found!.text).toMatch(/[а-я]/);
          } else if (off > orb + 1) expect(found, `${x}–${y} ${aspect}`).toBeFalsy();
        }
      }
    expect(expected).toBeGreaterThan(2);
    // The partner's view is the same picture from their side.
    const fromB = (await h.call(b, 'GET', `/api/pairs/${pairId}`)).body.data.synastry;
    expect(fromB.aspects!.length).toBe(s.aspects!.length);

    // The partner marks the birth time unknown: no ascendant on either side, and the synastry says why.
    expect((await h.call(b, 'POST', '/api/natal/chart', { date: '1985-02-10', timeUnknown: true, city: 'Москва' })).status).toBe(200);
    const noTime = (await h.call(a, 'GET', `/api/pairs/${pairId}`)).body.data.synastry;
    expect(noTime.points.map((p: { key: string }) => p.key)).toEqual(['sun', 'moon', 'venus', 'mars']);
    expect(noTime.aspects!.some((q: { a: string; b: string }) => q.a === 'ascendant' || q.b === 'ascendant')).toBe(false);
    expect(noTime.note).toMatch(/у партнёра/);
  });

  it('export shows the pair to both; deleting one user removes only their part', async () => {
    const [inviter, partner] = [31_301, 31_302];
    await vip(inviter);
    const pairId = await pairOf(inviter, partner);
    const reading = (await h.call(inviter, 'POST', `/api/pairs/${pairId}/readings`, { question: 'Что нас связывает?' })).body.data;
    await h.call(partner, 'PUT', `/api/readings/${reading.id}/note`, { note: 'Заметка партнёра' });
    await h.call(inviter, 'PUT', `/api/readings/${reading.id}/note`, { note: 'Заметка пригласившего' });
    const section = (data: UserExport, title: string) => data.sections.find((s) => s.title === title)!.rows;

    // The export is a file (JSON text), not an API answer.
    const forPartner = (await h.call(partner, 'GET', '/api/user/export')).body as unknown as UserExport;
    expect(section(forPartner, 'Расклады на двоих').map((r) => r.id)).toEqual([reading.id]);
    expect(section(forPartner, 'Заметки к раскладам').map((r) => r.note)).toEqual(['Заметка партнёра']);
    expect(section(forPartner, 'Пары')).toHaveLength(1);
    const forInviter = (await h.call(inviter, 'GET', '/api/user/export')).body as unknown as UserExport;
    expect(section(forInviter, 'Расклады на двоих').map((r) => r.id)).toEqual([reading.id]);
    expect(section(forInviter, 'Заметки к раскладам').map((r) => r.note)).toEqual(['Заметка пригласившего']);

    // The partner deletes their data: their note and membership go; the reading and the inviter's note stay.
    expect((await h.call(partner, 'DELETE', '/api/user', { confirm: true })).status).toBe(200);
    const notes = await h.db.selectFrom('reading_notes').select(['user_id', 'note']).where('reading_id', '=', reading.id).execute();
    expect(notes).toEqual([{ user_id: inviter, note: 'Заметка пригласившего' }]);
    expect((await h.call(inviter, 'GET', `/api/readings/${reading.id}`)).status).toBe(200);
    const after = (await h.call(inviter, 'GET', `/api/pairs/${pairId}`)).body.data;
    expect(after.active).toBe(false);
    expect((await h.call(inviter, 'POST', `/api/pairs/${pairId}/readings`, { question: 'Что дальше?' })).status).toBe(404);
  });
});

describe('the invitation as a prepared message (shareMessage) and a prepared button (requestChat)', () => {
  let h: Harness;
  const prepared: { userId: number; result: any; o: any }[] = [];
  const buttons: { userId: number; button: any }[] = [];
  let refuse = false;
  beforeAll(async () => {
    h = await createHarness('pglite', {
      share: {
        publicUrl: () => 'https://tarot.example',
        botUsername: async () => 'tarot_test_bot',
        savePreparedInlineMessage: async (userId, result, o) => {
          if (refuse) throw new Error('Bad Request: failed to save');
          prepared.push({ userId, result, o });
          return { id: `prep-${prepared.length}`, expiration_date: Math.floor(Date.now() / 1000) + 86_400 };
        },
        savePreparedKeyboardButton: async (userId, button) => {
          if (refuse) throw new Error('Bad Request: BUTTON_INVALID');
          buttons.push({ userId, button });
          return { id: `button-${buttons.length}` };
        },
      },
    });
  });
  afterAll(() => h.close());

  it('carries the inviter’s name and a button with the link, for private chats; without it the link still works', async () => {
    const user = { id: 31_901, first_name: 'Анна' };
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    const inv = (await h.call(user, 'POST', '/api/pairs')).body.data;
    expect(inv.link).toBe(`https://t.me/tarot_test_bot?startapp=pair_${inv.token}`);
    expect(inv.preparedMessageId).toBe('prep-1');
    const p = prepared[0];
    expect(p.userId).toBe(user.id);
    expect(p.result.input_message_content.message_text).toMatch(/^Анна приглашает вас в «Расклад на двоих».*действует 7 дней\.$/);
    expect(p.result.reply_markup).toEqual({ inline_keyboard: [[{ text: '💞 Принять приглашение', url: inv.link }]] });
    expect(p.o).toMatchObject({ allow_user_chats: true, allow_group_chats: false, allow_channel_chats: false });

    // Telegram refuses to prepare it: the invitation is still made, the app falls back to the share sheet.
    refuse = true;
    const second = await h.call(user, 'POST', '/api/pairs');
    expect(second.status).toBe(201);
    expect(second.body.data.preparedMessageId).toBeNull();
    expect(second.body.data.partnerButtonId).toBeNull();
    expect(second.body.data.link).toMatch(/startapp=pair_/);
    refuse = false;
  });

  it('a request_users button for requestChat: the person chosen gets this invitation, once, and only the inviter’s choice counts', async () => {
    const user = { id: 31_902, first_name: 'Вера' };
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    const inv = (await h.call(user, 'POST', '/api/pairs')).body.data;
    expect(inv.partnerButtonId).toBe(`button-${buttons.length}`);
    const { userId, button } = buttons.at(-1)!;
    expect(userId).toBe(user.id);
    expect(button).toMatchObject({ text: 'Выбрать партнёра', request_users: { user_is_bot: false, max_quantity: 1 } });
    const requestId = button.request_users.request_id as number;
    expect(Number.isInteger(requestId) && requestId > 0 && requestId < 2 ** 31).toBe(true);
    expect(await h.services.pairs.chosenPartner(31_903, requestId)).toBeNull();
    const chosen = await h.services.pairs.chosenPartner(user.id, requestId);
    expect(chosen).toEqual({ link: inv.link, text: expect.stringMatching(/^Вера приглашает вас в «Расклад на двоих»/) });
    expect(await h.services.pairs.chosenPartner(user.id, requestId)).toBeNull();
    const partner = { id: 31_904, first_name: 'Олег' };
    expect((await h.call(partner, 'POST', '/api/pairs/accept', { token: inv.token })).status).toBe(201);
  });

  it('the partner request lives on the invitation in the database (any instance finds it, also after a restart); an expired one sends nothing', async () => {
    const user = { id: 31_905, first_name: 'Инна' };
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    const inv = (await h.call(user, 'POST', '/api/pairs')).body.data;
    const requestId = buttons.at(-1)!.button.request_users.request_id as number;
    const row = await h.db
      .selectFrom('pair_invitations')
      .select(['partner_request_id', 'partner_token_sealed'])
      .where('inviter_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.partner_request_id).toBe(requestId);
    // The token is stored only sealed: the row holds neither it nor anything that reads as it.
    expect(row.partner_token_sealed).toMatch(/^[\w-]{40,}$/);
    expect(row.partner_token_sealed).not.toContain(inv.token);
    // An expired invitation sends nothing.
    await h.db
      .updateTable('pair_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('inviter_id', '=', user.id)
      .execute();
    expect(await h.services.pairs.chosenPartner(user.id, requestId)).toBeNull();
  });
});
