// «Итоги месяца» through HTTP and the push sender: in the first days of a month the past month's report is
// offered once (until opened or dismissed), renders as text and a share-style picture, needs three readings,
// and goes once as a push (through the local Telegram) to users who keep reminders on.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '../bot/push-sender';
import { zonedTimeToUtc } from '../domain/text/time';
import { TEST_DB_KINDS } from '../test/databases';
import { TEST_PUBLIC_URL } from '../test/bot-harness';
import { createHarness, TEST_BOT_TOKEN, type Harness } from '../test/harness';
import { createTestTelegram, type TestTelegram } from '../test/test-telegram';

const TZ = 'Europe/Moscow';
const at = (day: string, time = '12:00') => zonedTimeToUtc(day, time, TZ);
const own = (...ids: string[]) => ids.map((id) => ({ id, reversed: false }));

describe.each(TEST_DB_KINDS)('monthly report on %s', (kind) => {
  let h: Harness;
  let tg: TestTelegram;
  beforeAll(async () => {
    h = await createHarness(kind, { now: at('2026-11-01') });
    tg = createTestTelegram({ token: TEST_BOT_TOKEN });
    await tg.listen();
  });
  afterAll(async () => {
    await tg?.close();
    await h.close();
  });

  async function reading(user: number, day: string, question: string, cards: string[], rating?: number) {
    h.setNow(at(day));
    const r = await h.call(user, 'POST', '/api/readings', { spreadType: 'past_present_future', question, ownCards: own(...cards) });
    expect(r.status).toBe(201);
    expect((await h.call(user, 'GET', `/api/readings/${r.body.data.id}/interpretation`)).status).toBe(200);
    if (rating) expect((await h.call(user, 'POST', `/api/readings/${r.body.data.id}/review`, { rating })).status).toBeLessThan(300);
  }

  /** A VIP (no daily limits) with `n` November readings: the Tower in each, work asked about most. */
  async function november(user: number, n: number) {
    h.setNow(at('2026-11-01'));
    expect((await h.call(user, 'POST', '/api/user/subscription', { subscriptionType: 'vip' })).status).toBe(200);
    const asked = ['Стоит ли мне менять работу?', 'Что ждёт меня на работе?', 'Любит ли он меня?', 'Как мне быть с деньгами?'];
    for (let i = 0; i < n; i++)
      await reading(
        user,
        `2026-11-${String(3 + i).padStart(2, '0')}`,
        asked[i % 4],
        ['tower', 'star', i % 2 ? 'sun' : 'moon'],
        5 - (i % 2),
      );
  }

  it('is offered once in the first days of the next month, renders, and is not offered again once opened', async () => {
    const user = 36_101;
    await november(user, 3);
    h.setNow(at('2026-11-20'));
    expect((await h.call(user, 'GET', '/api/reports/monthly')).body.data).toEqual({ offer: null });
    h.setNow(at('2026-12-02'));
    const offer = (await h.call(user, 'GET', '/api/reports/monthly')).body.data.offer;
    expect(offer).toEqual({ month: '2026-11', title: 'Итоги: ноябрь 2026' });
    // Shown again until the user does something with it.
    expect((await h.call(user, 'GET', '/api/reports/monthly')).body.data.offer).toEqual(offer);

    const report = await h.call(user, 'GET', '/api/reports/monthly/2026-11');
    expect(report.status).toBe(200);
    const r = report.body.data;
    expect(r.readings).toBe(3);
    expect(r.topCards[0]).toMatchObject({ name: 'Башня', count: 3 });
    expect(r.lines[0]).toBe('В ноябре 2026 вы сделали 3 расклада.');
    expect(r.lines.join(' ')).toContain('«Башня» (3 раза)');
    expect(r.lines.join(' ')).toContain('Больше всего вопросов — о работе: 2 из 3.');
    expect(r.lines.join(' ')).toContain('Ваша средняя оценка раскладов — 4,7 из 5');
    expect(r.summary).toMatch(/^3 расклада · старшие арканы \d+ % · чаще о работе · оценка 4,7$/);

    const picture = await h.call(user, 'GET', '/api/reports/monthly/2026-11/picture');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(picture.headers.get('content-length'))).toBeGreaterThan(20_000);

    // Opened: the offer is gone, on later days of the window too.
    expect((await h.call(user, 'GET', '/api/reports/monthly')).body.data.offer).toBeNull();
    h.setNow(at('2026-12-05'));
    expect((await h.call(user, 'GET', '/api/reports/monthly')).body.data.offer).toBeNull();
  });

  it('dismissed stays dismissed; fewer than three readings have no report; past the first week none is offered', async () => {
    const user = 36_102;
    await november(user, 4);
    h.setNow(at('2026-12-01'));
    expect((await h.call(user, 'GET', '/api/reports/monthly')).body.data.offer?.month).toBe('2026-11');
    expect((await h.call(user, 'POST', '/api/reports/monthly/2026-11/dismiss')).status).toBe(200);
    for (const day of ['2026-12-01', '2026-12-03', '2026-12-07']) {
      h.setNow(at(day));
      expect((await h.call(user, 'GET', '/api/reports/monthly')).body.data.offer).toBeNull();
    }

    const few = 36_103;
    await november(few, 2);
    h.setNow(at('2026-12-02'));
    expect((await h.call(few, 'GET', '/api/reports/monthly')).body.data.offer).toBeNull();
    const none = await h.call(few, 'GET', '/api/reports/monthly/2026-11');
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('За этот месяц меньше 3 раскладов — итогов нет.');

    const late = 36_104;
    await november(late, 3);
    h.setNow(at('2026-12-08'));
    expect((await h.call(late, 'GET', '/api/reports/monthly')).body.data.offer).toBeNull();
    expect((await h.call(late, 'GET', '/api/reports/monthly/2026-13')).status).toBe(400);
    expect((await h.call(late, 'GET', '/api/reports/monthly/2026-12')).status).toBe(404);
  });

  it('one push to users who keep reminders on, none to the others, none twice', async () => {
    const on = 36_111;
    const off = 36_112;
    const few = 36_113;
    await november(on, 3);
    await november(off, 3);
    await november(few, 2);
    for (const id of [on, off, few]) tg.setProfile({ id, first_name: 'Тест' });
    expect((await h.call(off, 'PUT', '/api/user/settings', { notifyDaily: false })).status).toBe(200);
    const sender = () =>
      createPushSender({
        token: TEST_BOT_TOKEN,
        apiRoot: tg.apiRoot,
        notifications: h.services.notifications,
        logger: pino({ level: 'silent' }),
        webAppUrl: () => TEST_PUBLIC_URL,
        ratePerSecond: null,
        pollIntervalMs: 50,
      });
    const sends = (id: number) =>
      tg.calls.filter((c) => c.method === 'sendMessage' && c.chatId === id && String(c.params.text).includes('итоги месяца'));

    // Before the reminder time (10:00) nothing; from it, once; the schedulers of two instances agree.
    h.setNow(at('2026-12-01', '09:00'));
    expect(await h.services.monthlyReports.schedulePushes()).toBe(0);
    h.setNow(at('2026-12-01', '10:30'));
    const queued = await Promise.all([h.services.monthlyReports.schedulePushes(), h.services.monthlyReports.schedulePushes()]);
    expect(queued[0] + queued[1]).toBeGreaterThanOrEqual(1);
    await sender().drain();
    expect(sends(on)).toHaveLength(1);
    expect(sends(off)).toHaveLength(0);
    expect(sends(few)).toHaveLength(0);
    expect(sends(on)[0].params.reply_markup.inline_keyboard[0][0].web_app.url).toBe(`${TEST_PUBLIC_URL}/report/2026-11`);

    // Queued, then reminders switched off before it went: not sent.
    const late = 36_114;
    await november(late, 3);
    tg.setProfile({ id: late, first_name: 'Тест' });
    h.setNow(at('2026-12-01', '12:00'));
    await h.services.monthlyReports.schedulePushes();
    expect(await h.db.selectFrom('notifications').select('kind').where('user_id', '=', late).execute()).toEqual([
      { kind: 'monthly_report' },
    ]);
    expect((await h.call(late, 'PUT', '/api/user/settings', { notifyDaily: false })).status).toBe(200);
    await sender().drain();
    expect(sends(late)).toHaveLength(0);

    // Later ticks and days send nothing more.
    h.setNow(at('2026-12-02', '11:00'));
    expect(await h.services.monthlyReports.schedulePushes()).toBe(0);
    await sender().drain();
    expect(sends(on)).toHaveLength(1);
  });
});
