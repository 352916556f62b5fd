// The social-proof strip is counted from the database, through the real app: below its thresholds it is
// hidden, and the readings users make move its figures. No invented figure is left in the app's sources or
// answers.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';

const NOW = new Date('2026-03-15T12:00:00Z');
const DAY = 86_400_000;
const MIN = 60_000;
const QUESTION = 'Что принесёт этот день?';

describe.each(TEST_DB_KINDS)('the social-proof strip (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { now: NOW });
  });
  afterAll(() => h?.close());

  const strip = async (user = 1) => {
    const r = await h.call(user, 'GET', '/api/user/status');
    expect(r.status).toBe(200);
    return r.body.data.proof.items as { value: string; label: string }[];
  };
  // The counts are reused for five minutes: each step looks past that.
  let at = NOW.getTime();
  const later = () => h.setNow(new Date((at += 6 * MIN)));

  it('is hidden on an empty database, counts readings and readers once there are enough, and moves with them', async () => {
    expect(await strip()).toEqual([]);

    // 29 people read this month, 98 readings in the last 30 days (3 a person, one of them on 1 March);
    // older readings and the client's saved ones do not count.
    const users = Array.from({ length: 29 }, (_, i) => 1000 + i);
    await h.db
      .insertInto('users')
      .values(users.map((id) => ({ id, first_name: 'Гость', time_zone: 'Europe/Moscow' })))
      .execute();
    const reading = (userId: number, createdAt: Date, status: 'done' | 'saved' = 'done') => ({
      user_id: userId,
      spread_type: 'free_daily',
      question: QUESTION,
      cards: JSON.stringify([]),
      level: 'basic' as const,
      status,
      charged_day: null,
      created_at: createdAt,
    });
    const rows = [
      ...users.flatMap((id, i) => [
        reading(id, new Date(NOW.getTime() - (i % 10) * DAY)),
        reading(id, new Date(NOW.getTime() - DAY)),
        reading(id, new Date('2026-03-01T06:00:00Z')),
      ]),
      // Last month, within 30 days: counts as a reading, not as a reader of this month.
      reading(1000, new Date('2026-02-20T12:00:00Z')),
      reading(1001, new Date('2026-02-20T12:00:00Z')),
      reading(1002, new Date('2026-02-20T12:00:00Z')),
      reading(1003, new Date('2026-02-20T12:00:00Z')),
      reading(1004, new Date('2026-02-20T12:00:00Z')),
      reading(1005, new Date('2026-02-20T12:00:00Z')),
      reading(1006, new Date('2026-02-20T12:00:00Z')),
      reading(1007, new Date('2026-02-20T12:00:00Z')),
      reading(1008, new Date('2026-02-20T12:00:00Z')),
      reading(1009, new Date('2026-02-20T12:00:00Z')),
      reading(1010, new Date('2026-02-20T12:00:00Z')),
      // Older than 30 days, and saved by the client: never counted.
      reading(1011, new Date(NOW.getTime() - 40 * DAY)),
      reading(1012, NOW, 'saved'),
    ];
    await h.db.insertInto('readings').values(rows).execute();
    later();
    // 87 + 11 = 98 readings, 29 readers: both below their thresholds (100, 30), so nothing is shown.
    expect(await strip()).toEqual([]);

    // Two new people read through the app: 100 readings, 31 readers.
    for (const user of [2001, 2002])
      expect((await h.call(user, 'POST', '/api/readings', { spreadType: 'free_daily', question: QUESTION })).status).toBe(201);
    later();
    expect(await strip()).toEqual([
      { value: '100', label: 'раскладов за 30 дней' },
      { value: '31', label: 'человек гадал в этом месяце' },
    ]);

    // A third one: the figures move with the database.
    expect((await h.call(2003, 'POST', '/api/readings', { spreadType: 'free_daily', question: QUESTION })).status).toBe(201);
    later();
    expect(await strip(2003)).toEqual([
      { value: '101', label: 'расклад за 30 дней' },
      { value: '32', label: 'человека гадали в этом месяце' },
    ]);

    // A month on, the February and early-March readings have left the window.
    h.setNow(new Date('2026-04-02T12:00:00Z'));
    expect(await strip()).toEqual([]);
  });

  it('the social-proof answer has no rating, reviews or figures it did not count', async () => {
    h.setNow(new Date('2026-04-10T12:00:00Z'));
    const r = await h.call(1, 'GET', '/api/social-proof');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ items: [], reviews: [], rating: null });
    expect(JSON.stringify(r.body.data)).not.toMatch(/4\.9|25000|25 000/);
  });
});

describe('no constant marketing figure', () => {
  // The literals the app used to show as facts: invented counts, accuracy, scarcity, «обычно» prices and
  // testimonials we wrote ourselves.
  const OLD = [
    /12K\+/,
    /8K\+/,
    /25K\+/,
    /25[ _,]?000/,
    /3K\+/,
    /(?<![\d.])(98|97|95)\s?%/,
    /(?<![\d.])4[.,]9(?!\d)/,
    /точность толкований/i,
    /осталось \{?[\w.]*\}? ?мест/i,
    /обычно \{?formatPrice|usuallyPrice|USUALLY_FACTOR/,
    /TESTIMONIALS|VIP_STATS|spotsLeft|довольны VIP|продлевают подписку/,
    /Марина, 29|Алексей, 34|Ольга, 41|Дарья, 25|Ирина, 37|Сергей, 31/,
  ];
  const OWNER_ONLY = [
    'webapp/src/admin/ExperimentsTab.tsx',
    'domain/commerce/ab-stats.ts',
    'domain/commerce/experiments.ts',
    'services/dashboard.ts',
  ];
  const root = path.resolve(__dirname, '..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return sources(rel);
      return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
    });

  it('is left in the web app, the shared domain or the server', () => {
    const files = [...sources('webapp/src'), ...sources('domain'), ...sources('services'), ...sources('api'), ...sources('bot')].filter(
      // Coordinates of cities, SVG paths and the local Telegram's timeouts are not figures about users; the
      // owner's dashboard speaks of 95 % confidence intervals, to the owner only.
      (f) =>
        !f.endsWith('cities-data.ts') &&
        // The learned care layer's weights are numbers in a packed string, not copy.
        !/care-model-[a-z-]*weights\.ts$/.test(f) &&
        !f.endsWith('Icon.tsx') &&
        !f.endsWith('icon-paths.ts') &&
        !f.startsWith('bot/local-telegram/') &&
        !OWNER_ONLY.includes(f),
    );
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      return OLD.filter((re) => re.test(text)).map((re) => `${f}: ${re}`);
    });
    expect(found).toEqual([]);
  });
});
