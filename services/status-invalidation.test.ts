// Every write path that changes what the status shows is seen by the next status call. The code's write
// paths to the status tables are found by reading the source (a new one fails the first test until it is
// listed below), and each listed one is driven against a status already read (and, on PGlite, kept in
// memory): the next status call must show exactly what the database now holds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import * as emojiStatusRepo from '../db/repositories/emoji-status';
import * as erasedLimitsRepo from '../db/repositories/erased-limits';
import * as memoryRepo from '../db/repositories/memory';
import * as notificationsRepo from '../db/repositories/notifications';
import * as ritualRepo from '../db/repositories/ritual';
import * as usageRepo from '../db/repositories/usage';
import * as usersRepo from '../db/repositories/users';
import { deleteRowsOf, USER_DATA } from '../db/user-data';
import { writeWatchOf } from '../db/write-watch';
import { createTestDatabase, TEST_DB_KINDS } from '../test/databases';
import { createServices, type Services } from './index';
import { STATUS_TABLES } from './status-store';
import { buildStatus, USER_NOT_FOUND } from './users';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TZ = 'Europe/Moscow';
const NOW = new Date('2026-03-10T09:00:00Z');
const TODAY = '2026-03-10';

const tables = STATUS_TABLES.join('|');
// A statement that writes one of the status tables, through Kysely's builder or as SQL text.
const WRITES_STATUS_TABLE = new RegExp(
  String.raw`\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*['"\`](?:${tables})(?:\s+as\s+\w+)?['"\`]|\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+"?(?:${tables})"?\s`,
  'i',
);
// A statement whose table is a variable: it may write any table, the status tables among them.
const WRITES_SOME_TABLE =
  /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*(?!['"`])|\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*sql\.table\(/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' || e.name === 'node_modules' ? [] : sourceFiles(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** `file:function` for every top-level function whose body writes a status table (or a table named by a variable). */
function statusWritePaths(): string[] {
  const found: string[] = [];
  for (const file of ['db', 'services', 'api', 'bot', 'domain'].flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // Top-level declarations start at the line's first column.
    for (const chunk of text.split(/\n(?=(?:export\s+)?(?:async\s+)?(?:function|const|let|class)\s)/)) {
      if (!WRITES_STATUS_TABLE.test(chunk) && !WRITES_SOME_TABLE.test(chunk)) continue;
      const name = /^(?:export\s+)?(?:async\s+)?(?:function|const|let|class)\s+(\w+)/.exec(chunk)?.[1] ?? '(top level)';
      found.push(`${file.replace(/\.ts$/, '')}:${name}`);
    }
  }
  return found.sort();
}

interface WritePath {
  /** Brings the user to a state where the write changes something (when it needs one). */
  setup?: (db: Db, id: number, s: Services) => Promise<unknown>;
  write: (db: Db, id: number) => Promise<unknown>;
  /** False when the write changes only columns the status does not show. */
  shows: boolean;
}

const profile = (id: number, firstName: string) => ({
  id,
  first_name: firstName,
  last_name: null,
  username: null,
  language_code: 'ru',
  is_premium: false,
  photo_url: null,
});
const userDataTable = (table: string) => USER_DATA.find((t) => t.table === table && t.erase === 'delete')!;

/** Each write path to the status tables, driven as its callers do. */
const WRITE_PATHS: Record<string, WritePath> = {
  'db/repositories/users:upsertProfile': { write: (db, id) => usersRepo.upsertProfile(db, profile(id, 'Новое имя'), TZ), shows: true },
  // A signed call on PostgreSQL: the profile written (where it differs) and the status read in one statement.
  'db/repositories/users:touchProfilesReadStatus': {
    write: (db, id) => usersRepo.touchProfilesReadStatus(db, [{ profile: profile(id, 'Имя из подписи'), startParam: null }]),
    shows: true,
  },
  'db/repositories/users:ensureUser': {
    // A user whose data was erased: gone from the database and from this process's memory.
    setup: async (db, id, s) => {
      await deleteRowsOf(db, userDataTable('users'), id);
      s.users.forget(id);
    },
    write: (db, id) => usersRepo.ensureUser(db, id, TZ),
    shows: true,
  },
  'db/repositories/users:updateSettings': {
    write: (db, id) => usersRepo.updateSettings(db, id, { timeZone: 'Asia/Tokyo', deck: 'drawn', reversals: false, notifyDaily: false }),
    shows: true,
  },
  'db/repositories/users:setSubscription': {
    write: (db, id) => usersRepo.setSubscription(db, id, 'basic', new Date('2026-04-01T00:00:00Z'), true),
    shows: true,
  },
  // «Память толкователя»'s switch: the status does not show it.
  'db/repositories/emoji-status:claimEmojiStatusOffer': {
    write: (db, id) => emojiStatusRepo.claimEmojiStatusOffer(db, id, NOW),
    shows: false,
  },
  'db/repositories/memory:setMemoryOn': { write: (db, id) => memoryRepo.setMemoryOn(db, id, false), shows: false },
  'db/repositories/users:setLastPaid': { write: (db, id) => usersRepo.setLastPaid(db, id, NOW), shows: false },
  'db/repositories/users:setAutoRenew': {
    setup: (db, id) => usersRepo.setSubscription(db, id, 'basic', new Date('2026-04-01T00:00:00Z'), false),
    write: (db, id) => usersRepo.setAutoRenew(db, id, true),
    shows: true,
  },
  'db/repositories/users:addTotalSpreads': { write: (db, id) => usersRepo.addTotalSpreads(db, id, 2), shows: true },
  'db/repositories/usage:consumeSpread': { write: (db, id) => usageRepo.consumeSpread(db, id, TODAY, 1, true), shows: true },
  'db/repositories/usage:grantBonusSpread': { write: (db, id) => usageRepo.grantBonusSpread(db, id, TODAY), shows: true },
  'db/repositories/usage:restartSpreads': {
    setup: (db, id) => usageRepo.consumeSpread(db, id, TODAY, 1, true),
    write: (db, id) => usageRepo.restartSpreads(db, id, TODAY),
    shows: true,
  },
  'db/repositories/usage:claimDailyCard': {
    write: (db, id) => usageRepo.claimDailyCard(db, id, TODAY, { cardId: 'fool', orientation: 'upright' }, false),
    shows: true,
  },
  'db/repositories/usage:setDailyNote': {
    // A note is kept on a day whose card was drawn; the status does not show it.
    setup: (db, id) => usageRepo.claimDailyCard(db, id, TODAY, { cardId: 'fool', orientation: 'upright' }, false),
    write: (db, id) => usageRepo.setDailyNote(db, id, TODAY, 'Заметка о дне'),
    shows: false,
  },
  'db/repositories/ritual:recordStreakDay': { write: (db, id) => ritualRepo.recordStreakDay(db, id, TODAY, '2026-03-09'), shows: true },
  'db/repositories/ritual:markHomeScreenOffered': {
    // The offer shows from a three-day streak on, until it is marked made.
    setup: async (db, id) => {
      for (const [day, yesterday] of [
        ['2026-03-08', '2026-03-07'],
        ['2026-03-09', '2026-03-08'],
        [TODAY, '2026-03-09'],
      ])
        await ritualRepo.recordStreakDay(db, id, day, yesterday);
    },
    write: (db, id) => ritualRepo.markHomeScreenOffered(db, id, NOW),
    shows: true,
  },
  // A user created again after deleting their data: the day's usage kept under the keyed hash comes back.
  'db/repositories/erased-limits:restoreLimits': {
    setup: (db, id) =>
      db
        .insertInto('erased_limits')
        .values({
          subject: `s${id}`,
          kind: 'daily_usage',
          day: TODAY,
          free_spread_used: true,
          count: 1,
          until: new Date('2026-03-10T21:00:00Z'),
        })
        .execute(),
    write: (db, id) => erasedLimitsRepo.restoreLimits(db, id, `s${id}`, NOW),
    shows: true,
  },
  'db/repositories/notifications:setBotReachable': { write: (db, id) => notificationsRepo.setBotReachable(db, id, false), shows: false },
  // The deletion of a user's data: the status rows go (the users row last, as the erasure does).
  'db/user-data:deleteRowsOf': {
    setup: async (db, id) => {
      await usersRepo.addTotalSpreads(db, id, 3);
      await usageRepo.consumeSpread(db, id, TODAY, 1, true);
    },
    write: async (db, id) => {
      await deleteRowsOf(db, userDataTable('daily_usage'), id);
      await deleteRowsOf(db, userDataTable('users'), id);
    },
    shows: true,
  },
};

describe('status write paths', () => {
  it('every function that writes a status table is listed here, so a new write path cannot go unchecked', () => {
    expect(statusWritePaths()).toEqual(Object.keys(WRITE_PATHS).sort());
  });

  it('the source scan sees writes in each form they are written', () => {
    for (const statement of [
      "db.updateTable('users')",
      "insertInto('daily_usage')",
      'sql`update users set a = 1`',
      'delete from daily_usage where',
      "deleteFrom('users as u')",
    ])
      expect(WRITES_STATUS_TABLE.test(statement), statement).toBe(true);
    for (const statement of ["db.updateTable('users_x')", "selectFrom('users')", 'select * from users where'])
      expect(WRITES_STATUS_TABLE.test(statement), statement).toBe(false);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as the scan reads it.
    expect(WRITES_SOME_TABLE.test('sql`delete from ${sql.table(t.table)} where`')).toBe(true);
  });

  describe.each(TEST_DB_KINDS)('on %s', (kind) => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let s: Services;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      s = createServices({
        db: database.db,
        clock: () => NOW,
        randomInt: (m) => m - 1,
        defaultTimeZone: TZ,
        serverSecret: 'test-server-secret-0123456789abcdef0123456789abcdef',
        specialAccessUserIds: [],
        mockPayments: true,
      });
    });
    afterAll(() => database.close());

    /** The status as the app answers it, or null when the user has no row. */
    const shown = (id: number) =>
      s.users.status(id).then(
        (r) => ({ user: r.user, status: r.status }),
        (err) => (err?.message === USER_NOT_FOUND ? null : Promise.reject(err)),
      );
    /** The status built from the rows read straight from the database, past every memory. */
    async function held(id: number) {
      const rows = (await usersRepo.findUsersWithLatestUsage(database.db, [id])).get(id);
      return rows ? { user: rows.user, status: buildStatus(rows.user, rows.usage, NOW, []) } : null;
    }

    it.each(Object.entries(WRITE_PATHS))('%s: the next status shows what the database holds', async (_name, p) => {
      const id = 900_000_000 + Math.floor(Math.random() * 1_000_000);
      await s.users.touchProfile(profile(id, 'Анна'));
      await p.setup?.(database.db, id, s);
      const before = await shown(id);
      expect(await shown(id)).toEqual(before); // read twice: on PGlite the second comes from memory
      if (kind === 'pglite') expect(writeWatchOf(database.db)).toBeDefined();

      await p.write(database.db, id);
      const after = await shown(id);
      expect(after).toEqual(await held(id));
      if (p.shows) expect(after).not.toEqual(before);
    });
  });
});
