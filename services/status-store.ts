// Everything that makes the status call cheap, in one place. The status (what every screen reads first) is
// built from a user's row and their latest usage row; this module reads those rows and writes the caller's
// Telegram profile.
//
// - status reads are batched (a DataLoader with its own queue): one statement in flight, the ids asked for
//   meanwhile go together in the next one (a prepared statement on PostgreSQL, db/prepared.ts);
// - on PostgreSQL (other instances write too) nothing is kept in process: a signed call writes its profile
//   and reads its status rows in one statement (batched the same way) that writes only a profile that
//   differs from the row, so an authenticated status call is one round trip, and a user deleted or renamed
//   through another instance is seen at once;
// - on PGlite (this process is the only writer), the rows read are kept and reused, and the profiles
//   already written are remembered, so an unchanged profile costs no statement at all; the cleaning of a
//   signed profile is done once per verified identity object (a WeakMap).
//
// The one invalidation rule on PGlite: nothing kept here is trusted past a moment the database may have
// changed. Rows are kept under its write generation (db/write-watch.ts): every statement that may write, on
// any code path, moves it, and a row read before the move is not used again. No write path has to know
// about this module, and none can forget to. A remembered profile only ever saves a write; when a read
// finds its user missing, the profile is written again at once.
import DataLoader from 'dataloader';
import type { Db, Queryable } from '../db/connection';
import * as usersRepo from '../db/repositories/users';
import type { ProfileTouch, StatusUser, TelegramProfile } from '../db/repositories/users';
import type { DailyUsage } from '../db/schema';
import { writeWatchOf, type WriteWatch } from '../db/write-watch';
import { BoundedMap } from '../domain/text/bounded-map';

/** The tables the status is built from: a write to them changes what the status shows. */
export const STATUS_TABLES = ['users', 'daily_usage'] as const;

export interface StatusRows {
  user: StatusUser;
  usage: DailyUsage | null;
}

/** How many users' rows and written profiles are kept (each map drops its oldest beyond this). */
const KEPT = 10_000;

// One query at a time: the ids asked for while it runs go together in the next one. Fewer, larger batches
// cost PostgreSQL and the driver less per request than several small ones (measured with the api-status bench).
const STATUS_QUERIES_IN_FLIGHT = 1;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** PostgreSQL stores neither U+0000 nor half a surrogate pair: NULs are dropped, halves become U+FFFD. */
function storableText(s: string): string;
function storableText(s: string | null | undefined): string | null | undefined;
function storableText(s: string | null | undefined) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL text refuses, so it is removed.
  return typeof s === 'string' ? s.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\ufffd') : s;
}

function storableProfile(p: TelegramProfile): TelegramProfile {
  return {
    ...p,
    first_name: storableText(p.first_name),
    last_name: storableText(p.last_name),
    username: storableText(p.username),
    language_code: storableText(p.language_code),
    photo_url: storableText(p.photo_url),
  };
}

/** A batched read: one statement in flight, later keys wait and go together in the next. */
function batchedLoader<K>(idOf: (key: K) => number, batch: (keys: readonly K[]) => Promise<Map<number, StatusRows>>) {
  let running = 0;
  const queued: Array<() => void> = [];
  return new DataLoader<K, StatusRows | undefined, K>(
    async (keys) => {
      running++;
      try {
        const found = await batch(keys);
        return keys.map((k) => found.get(idOf(k)));
      } finally {
        running--;
        queued.shift()?.();
      }
    },
    {
      // Batching only: a loader's own cache would answer after a write.
      cache: false,
      maxBatchSize: 200,
      batchScheduleFn: (dispatch) => (running < STATUS_QUERIES_IN_FLIGHT ? process.nextTick(dispatch) : queued.push(dispatch)),
    },
  );
}

/** The batched status read by user id. */
const statusLoader = (db: Db) =>
  batchedLoader<number>(
    (id) => id,
    (ids) => usersRepo.findUsersWithLatestUsage(db, ids),
  );

/** Two batches changing the same users' profiles in another order may deadlock (PostgreSQL ends one): it runs again. */
async function retryDeadlock<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string })?.code !== '40P01') throw err;
    return run();
  }
}

/** Rows kept under the write generation: a row read before the last write is never used. */
function keptRows(watch: WriteWatch) {
  let rows = new BoundedMap<number, StatusRows>(KEPT);
  let rowsGeneration = watch.generation();
  const current = () => {
    const g = watch.generation();
    if (g !== rowsGeneration) {
      rows = new BoundedMap(KEPT);
      rowsGeneration = g;
    }
    return rows;
  };
  return async (userId: number, load: () => Promise<StatusRows | undefined>) => {
    const hit = current().get(userId);
    if (hit !== undefined) return hit;
    const before = watch.generation();
    const value = await load();
    // A write since the read began may not be in `value`: it serves this call only.
    if (value !== undefined && watch.generation() === before) current().set(userId, value);
    return value;
  };
}

/**
 * Profiles written, so an unchanged one costs no write per request. A profile counts as written only once
 * its write finished: concurrent first calls of a new user wait for that one write instead of going on to
 * find no user. Each entry keeps its write, so `restore` can write a vanished user anew.
 */
function writtenProfiles() {
  const written = new BoundedMap<number, { key: string; write: () => Promise<void> }>(KEPT);
  const pending = new Map<number, { key: string; write: Promise<void> }>();

  async function ensure(id: number, key: string, write: () => Promise<void>): Promise<void> {
    const known = written.get(id);
    // A user known by id alone (key '') is there once any write of theirs is: remembering '' in place of
    // their profile would make their next Mini App call write the unchanged profile again.
    if (known && (known.key === key || key === '')) return;
    const inFlight = pending.get(id);
    if (inFlight && (inFlight.key === key || key === '')) return inFlight.write;
    const p = write().then(() => {
      written.delete(id);
      written.set(id, { key, write });
    });
    const entry = { key, write: p };
    pending.set(id, entry);
    try {
      await p;
    } finally {
      if (pending.get(id) === entry) pending.delete(id);
    }
  }

  return {
    ensure,
    forget: (id: number) => void written.delete(id),
    /** The user was remembered as written but is missing: writes them again now. False when not remembered. */
    async restore(id: number): Promise<boolean> {
      const known = written.get(id);
      if (!known) return false;
      written.delete(id);
      await ensure(id, known.key, known.write);
      return true;
    },
  };
}

type PreparedProfile = {
  givenStartParam: string | null | undefined;
  profile: TelegramProfile;
  startParam: string | null | undefined;
  key: string;
};

/** The status store's use cases (both kinds of database answer the same way). */
export interface StatusStore {
  /** The user's status rows; a user remembered as written but found missing is written anew first. */
  read(userId: number): Promise<StatusRows | undefined>;
  /**
   * Records the Telegram profile of an authenticated call (a write only when it changed). On PostgreSQL it
   * answers the status rows read in the same statement (fresh as of this call), on PGlite undefined.
   */
  touchProfile(given: TelegramProfile, givenStartParam?: string | null): Promise<StatusRows | undefined>;
  /** A user known only by id (server-signed launch token, bot update, browser session); rows as above. */
  ensure(userId: number): Promise<StatusRows | undefined>;
  /** The user's data was deleted (or found gone): the next call writes the user afresh. */
  forget(userId: number): void;
  /** The user was remembered as written but a read found no row: writes them again; false if not remembered. */
  restore(userId: number): Promise<boolean>;
}

/** The signed profile cleaned for storing, once per verified identity object. */
function profilePreparer() {
  // The verified identity (and so its profile) is one object per session: its cleaning is done once.
  const prepared = new WeakMap<TelegramProfile, PreparedProfile>();
  return (given: TelegramProfile, givenStartParam?: string | null): PreparedProfile => {
    let p = prepared.get(given);
    if (!p || p.givenStartParam !== givenStartParam) {
      // A signed profile may still hold what the database cannot store (a NUL, half a surrogate pair).
      const profile = storableProfile(given);
      const startParam = storableText(givenStartParam);
      const key = JSON.stringify([
        profile.first_name,
        profile.last_name,
        profile.username,
        profile.language_code,
        profile.is_premium,
        profile.photo_url,
        startParam ?? null,
      ]);
      p = { givenStartParam, profile, startParam, key };
      prepared.set(given, p);
    }
    return p;
  };
}

type Creating = (userId: number, write: (q: Queryable) => Promise<boolean>) => () => Promise<void>;

/**
 * PostgreSQL: nothing kept in process. A signed call's profile write and status read are one statement; a
 * user it does not find (new, or deleted through another instance) is created, then read.
 */
function sharedStore(db: Db, defaultTimeZone: string, creating: Creating): StatusStore {
  const reads = statusLoader(db);
  const touches = batchedLoader<ProfileTouch>(
    (t) => t.profile.id,
    (ts) => retryDeadlock(() => usersRepo.touchProfilesReadStatus(db, ts)),
  );
  const prepare = profilePreparer();
  return {
    read: (userId) => reads.load(userId),
    async touchProfile(given, givenStartParam) {
      const { profile, startParam } = prepare(given, givenStartParam);
      const found = await touches.load({ profile, startParam: startParam ?? null });
      if (found) return found;
      await creating(profile.id, (q) => usersRepo.upsertProfile(q, profile, defaultTimeZone, startParam))();
      return reads.load(profile.id);
    },
    async ensure(userId) {
      const found = await reads.load(userId);
      if (found) return found;
      await creating(userId, (q) => usersRepo.ensureUser(q, userId, defaultTimeZone))();
      return reads.load(userId);
    },
    forget: () => {},
    restore: async () => false,
  };
}

/**
 * `onCreated` runs in the transaction that has just created a user's row (a returning user's limits come back
 * with it: services/erased-limits.ts); without it a row is written alone.
 */
export function createStatusStore(
  db: Db,
  defaultTimeZone: string,
  onCreated?: (trx: Queryable, userId: number) => Promise<void>,
): StatusStore {
  const creating: Creating = (userId, write) => async () => {
    if (!onCreated) {
      await write(db);
      return;
    }
    await db.transaction().execute(async (trx) => {
      if (await write(trx)) await onCreated(trx, userId);
    });
  };
  const watch = writeWatchOf(db);
  if (!watch) return sharedStore(db, defaultTimeZone, creating);
  const loader = statusLoader(db);
  const kept = keptRows(watch);
  const profiles = writtenProfiles();
  const prepare = profilePreparer();
  const load = (userId: number) => kept(userId, () => loader.load(userId));

  return {
    async read(userId) {
      const found = await load(userId);
      if (found || !(await profiles.restore(userId))) return found;
      return load(userId);
    },

    async touchProfile(given, givenStartParam) {
      const { profile, startParam, key } = prepare(given, givenStartParam);
      await profiles.ensure(
        profile.id,
        key,
        creating(profile.id, (q) => usersRepo.upsertProfile(q, profile, defaultTimeZone, startParam)),
      );
      return undefined;
    },

    async ensure(userId) {
      await profiles.ensure(
        userId,
        '',
        creating(userId, (q) => usersRepo.ensureUser(q, userId, defaultTimeZone)),
      );
      return undefined;
    },

    forget: (userId) => profiles.forget(userId),
    restore: (userId) => profiles.restore(userId),
  };
}
