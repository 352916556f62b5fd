// The data export of a heavy user over real HTTP (the app served on 127.0.0.1 as main.ts serves it): the
// file is written while it is sent (the first bytes arrive while the export still runs, the body comes in
// many chunks with no Content-Length), the JSON is exactly what JSON.stringify writes and holds every reading,
// the HTML copy too; a second export of the same user while one runs is refused, and one given up by its
// client frees the user at once; on PostgreSQL a page that outlasts its own statement timeout ends the export
// instead of waiting; a few exports an hour, then 429 in Russian with Retry-After.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS } from '../services/user-limits';
import { TEST_DB_KINDS } from '../test/databases';
import { createHarness, type Harness } from '../test/harness';
import { serveApp, type ServedApp } from '../test/sse-client';
import { eventually } from '../test/eventually';

/** Readings at about the saved-reading cap (20,000 characters): three pages of the export's reads. */
const READINGS = 120;
const LONG_TEXT = 'Карты говорят о переменах: прислушайтесь к себе. '.repeat(390);

describe.each(TEST_DB_KINDS)('the data export of a heavy user on %s', (kind) => {
  let h: Harness;
  let served: ServedApp;
  beforeAll(async () => {
    h = await createHarness(kind);
    served = await serveApp(h.app);
  });
  afterAll(async () => {
    await served?.close();
    await h?.close();
  });

  /** A user with READINGS long readings, each with its number in the question. */
  async function heavyUser(user: number) {
    expect((await h.call(user, 'GET', '/api/user/status')).status).toBe(200);
    await sql`insert into readings (user_id, spread_type, question, cards, level, status, interpretation)
      select ${user}, 'past_present_future', 'Что ждёт меня? №' || g, '[]'::jsonb, 'basic', 'done', ${LONG_TEXT}
      from generate_series(1, ${READINGS}) g`.execute(h.db);
  }

  const get = (user: number, format: 'json' | 'html') =>
    fetch(`${served.url}/api/user/export?format=${format}`, { headers: { Authorization: h.authFor(user) } });
  const leaseOf = (user: number) => h.db.selectFrom('data_exports').select('user_id').where('user_id', '=', user).executeTakeFirst();

  /** The body chunk by chunk as it arrives, and whether the export was still running after the first. */
  async function readChunks(res: Response, user: number) {
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    let runningAfterFirst = false;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      if (chunks.length === 0) runningAfterFirst = (await leaseOf(user)) !== undefined;
      chunks.push(next.value);
    }
    return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length, runningAfterFirst };
  }

  it('streams the JSON while it is read: every reading, exactly as JSON.stringify writes it', async () => {
    const user = 64_000_001;
    await heavyUser(user);
    const res = await get(user, 'json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tarot-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('content-length')).toBeNull();
    const body = await readChunks(res, user);
    // The first bytes came while the export still held its lease: it had not read the whole yet.
    expect(body.runningAfterFirst).toBe(true);
    expect(body.chunks).toBeGreaterThan(10);
    expect(body.text.length).toBeGreaterThan(READINGS * LONG_TEXT.length);

    const data = JSON.parse(body.text);
    expect(JSON.stringify(data, null, 2)).toBe(body.text);
    const readings = data.sections.find((s: { table: string }) => s.table === 'readings').rows;
    expect(readings).toHaveLength(READINGS);
    const questions = new Set(readings.map((r: { question: string }) => r.question));
    for (let i = 1; i <= READINGS; i++) expect(questions.has(`Что ждёт меня? №${i}`)).toBe(true);
    expect(readings.every((r: { interpretation: string }) => r.interpretation === LONG_TEXT)).toBe(true);
    expect(readings.every((r: object) => !('ai_lease_id' in r))).toBe(true);
    expect(data.sections.find((s: { table: string }) => s.table === 'users').rows[0].id).toBe(user);
    // The export is over: its lease is gone.
    expect(await leaseOf(user)).toBeUndefined();
  });

  it('streams the readable copy with every reading under its count', async () => {
    const user = 64_000_002;
    await heavyUser(user);
    const res = await get(user, 'html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await readChunks(res, user);
    expect(body.runningAfterFirst).toBe(true);
    expect(body.chunks).toBeGreaterThan(10);
    expect(body.text.startsWith('<!doctype html>')).toBe(true);
    expect(body.text.endsWith('</body></html>')).toBe(true);
    const section = /<section><h2>Расклады \((\d+)\)<\/h2>(.*?)<\/section>/s.exec(body.text)!;
    expect(Number(section[1])).toBe(READINGS);
    expect(section[2].match(/<dl>/g)).toHaveLength(READINGS);
    for (let i = 1; i <= READINGS; i++) expect(section[2].includes(`<dd>Что ждёт меня? №${i}</dd>`)).toBe(true);
  });

  it('refuses a second export of the same user while one runs; a download given up frees the user', async () => {
    const user = 64_000_003;
    await heavyUser(user);
    const first = await get(user, 'json');
    const reader = first.body!.getReader();
    expect((await reader.read()).done).toBe(false);

    for (const format of ['json', 'html'] as const) {
      const second = await get(user, format);
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await second.json()).error).toMatch(/^Ваши данные уже выгружаются\. Дождитесь, пока файл загрузится, или попробуйте через /);
    }
    // Another user is not held up.
    const other = 64_000_004;
    expect((await h.call(other, 'GET', '/api/user/status')).status).toBe(200);
    expect((await get(other, 'json')).status).toBe(200);

    await reader.cancel();
    await eventually(async () => expect(await leaseOf(user)).toBeUndefined());
    const again = await get(user, 'json');
    expect(again.status).toBe(200);
    expect(JSON.parse(await again.text()).userId).toBe(user);
  });

  // PostgreSQL only: PGlite has no statement timeout (and one connection, which the lock would hold).
  it.runIf(kind === 'postgres')('a page that outlasts its statement timeout ends the export, and frees the user', async () => {
    const user = 64_000_006;
    await heavyUser(user);
    // Another session holds the readings table: the export's next page waits for it until its own timeout.
    await h.db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      try {
        await sql`lock table readings in access exclusive mode`.execute(conn);
        const res = await get(user, 'json');
        expect(res.status).toBe(200);
        await expect(res.text()).rejects.toThrow();
      } finally {
        await sql`rollback`.execute(conn);
      }
    });
    await eventually(async () => expect(await leaseOf(user)).toBeUndefined());
    const again = await get(user, 'json');
    expect(again.status).toBe(200);
    expect(JSON.parse(await again.text()).sections.find((s: { table: string }) => s.table === 'readings').rows).toHaveLength(READINGS);
  });

  it('allows a few exports an hour, then answers 429 in Russian with Retry-After until the hour is over', async () => {
    const user = 64_000_005;
    expect((await h.call(user, 'GET', '/api/user/status')).status).toBe(200);
    const start = new Date();
    h.setNow(start);
    const { limit } = USER_LIMITS.export;
    for (let i = 0; i < limit; i++) {
      const res = await get(user, i % 2 ? 'html' : 'json');
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await get(user, 'json');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await refused.json()).error).toMatch(/^Слишком много выгрузок данных за час\. Попробуйте через (1 час|59 минут)/);
    // Nothing was left running by the refusal.
    expect(await leaseOf(user)).toBeUndefined();

    h.setNow(new Date(start.getTime() + 3601_000));
    const later = await get(user, 'json');
    expect(later.status).toBe(200);
    await later.arrayBuffer();
  });
});
