// The authenticated status call's statements, counted through Kysely's plugin hook (every statement a
// repository runs passes it): a repeated call with nothing changed is one statement on PostgreSQL (the
// profile's conditional write and the status read together) and none on PGlite (its rows are kept), a
// changed profile is written in that same statement, and on PostgreSQL nothing is kept in process: a rename
// through another instance is seen, and undone by the next call that signs the old name.
import type { KyselyPlugin } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection';
import { registerWriteWatch, writeWatchOf } from '../db/write-watch';
import { createIdentity } from '../services/identity';
import { createServices, type Services } from '../services/index';
import { createMetrics } from '../services/metrics';
import { createTestDatabase, TEST_DB_KINDS } from '../test/databases';
import { TEST_BOT_TOKEN, TEST_SERVER_SECRET, testAiConfig } from '../test/harness';
import { createApi } from './app';

/** Counts the statements run through the database it is plugged into. */
function statementCounter() {
  const counter = { count: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.count++;
      return args.result;
    },
  };
  return { counter, plugin };
}

describe.each(TEST_DB_KINDS)('the status call’s statements (%s)', (kind) => {
  let database: DatabaseHandle;
  let services: Services;
  let app: ReturnType<typeof createApi>;
  const { counter, plugin } = statementCounter();
  const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });

  const servicesOn = (db: DatabaseHandle['db']) =>
    createServices({
      db,
      clock: () => new Date(),
      randomInt: (m) => m - 1,
      defaultTimeZone: 'Europe/Moscow',
      serverSecret: TEST_SERVER_SECRET,
      specialAccessUserIds: [],
      mockPayments: true,
      ai: testAiConfig(),
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const counted = database.db.withPlugin(plugin);
    // The plugged database is the same PGlite: its write counter goes with it.
    const watch = writeWatchOf(database.db);
    if (watch) registerWriteWatch(counted, watch);
    services = servicesOn(counted);
    app = createApi({ services, identity, logger: pino({ level: 'silent' }), localMode: true, metrics: createMetrics(database.db) });
  });
  afterAll(() => database.close());

  /** GET /api/user/status signed with `profile`; the answer and the number of statements it ran. */
  async function status(profile: { id: number; first_name: string; username?: string }) {
    const before = counter.count;
    const res = await app.request('/api/user/status', { headers: { Authorization: `tma ${identity.signInitData(profile)}` } });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { userStatus: { remainingSpreads: number } } };
    return { body: data, statements: counter.count - before };
  }

  it('a repeated call runs at most one statement; a changed profile is written in it', async () => {
    const first = await status({ id: 5301, first_name: 'Анна' });
    expect(first.body.userStatus.remainingSpreads).toBe(1);

    const again = await status({ id: 5301, first_name: 'Анна' });
    expect(again.statements).toBe(kind === 'postgres' ? 1 : 0);

    const renamed = await status({ id: 5301, first_name: 'Анна', username: 'anna_t' });
    expect(renamed.statements).toBeLessThanOrEqual(kind === 'postgres' ? 1 : 2);
    const row = await database.db.selectFrom('users').select(['first_name', 'username']).where('id', '=', 5301).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Анна', username: 'anna_t' });
  });

  it.runIf(kind === 'postgres')('keeps nothing in process: another instance’s writes are seen by the next call', async () => {
    await status({ id: 5302, first_name: 'Борис' });
    // Another instance renames the user and uses their free spread.
    const other = servicesOn(database.db);
    await other.users.touchProfile({ id: 5302, first_name: 'Боря' });
    await other.readings.useSpread(5302, true);

    // This instance's next call signs the old name again: it differs from the row, so it is written back.
    const next = await status({ id: 5302, first_name: 'Борис' });
    expect(next.statements).toBe(1);
    expect(next.body.userStatus.remainingSpreads).toBe(0);
    const row = await database.db.selectFrom('users').select('first_name').where('id', '=', 5302).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Борис');

    // Deleted through another instance: the next call creates the user anew, with the limits they had used.
    await other.userData.erase(5302);
    const back = await status({ id: 5302, first_name: 'Борис' });
    expect(back.body.userStatus.remainingSpreads).toBe(0);
  });
});
