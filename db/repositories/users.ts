// Users: plain functions over `db | trx`; the caller owns any transaction.
import { CompiledQuery, sql } from 'kysely';
import { preparedSql } from '../prepared';
import type { DailyUsage, User } from '../schema';
import type { Tier } from '../../domain/types';
import type { DeckId } from '../../domain/tarot/decks';
import type { Queryable } from '../connection';

export interface TelegramProfile {
  id: number;
  first_name: string;
  last_name?: string | null;
  username?: string | null;
  language_code?: string | null;
  is_premium?: boolean | null;
  photo_url?: string | null;
}

/** The users row's columns a Telegram profile sets. */
const profileRow = (p: TelegramProfile) => ({
  id: p.id,
  first_name: p.first_name,
  last_name: p.last_name ?? null,
  username: p.username ?? null,
  language_code: p.language_code ?? null,
  is_premium: p.is_premium ?? false,
  photo_url: p.photo_url ?? null,
});

/**
 * Inserts the user or refreshes their Telegram profile; a no-op write when nothing changed.
 * `startParam` is kept from the first launch that carried one (the referral). True when the row was created.
 */
export async function upsertProfile(db: Queryable, p: TelegramProfile, timeZone: string, startParam?: string | null): Promise<boolean> {
  const row = profileRow(p);
  const created = await db
    .insertInto('users')
    .values({ ...row, time_zone: timeZone, start_param: startParam ?? null })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          first_name: (eb) => eb.ref('excluded.first_name'),
          last_name: (eb) => eb.ref('excluded.last_name'),
          username: (eb) => eb.ref('excluded.username'),
          language_code: (eb) => eb.ref('excluded.language_code'),
          is_premium: (eb) => eb.ref('excluded.is_premium'),
          photo_url: (eb) => eb.ref('excluded.photo_url'),
          start_param: sql`coalesce(users.start_param, excluded.start_param)`,
          updated_at: sql`now()`,
        })
        .where(({ eb, or, ref }) =>
          or([
            eb('users.first_name', 'is distinct from', ref('excluded.first_name')),
            eb('users.last_name', 'is distinct from', ref('excluded.last_name')),
            eb('users.username', 'is distinct from', ref('excluded.username')),
            eb('users.language_code', 'is distinct from', ref('excluded.language_code')),
            eb('users.is_premium', 'is distinct from', ref('excluded.is_premium')),
            eb('users.photo_url', 'is distinct from', ref('excluded.photo_url')),
            sql<boolean>`(users.start_param is null and excluded.start_param is not null)`,
          ]),
        ),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('created'))
    .executeTakeFirst();
  return !!created?.created;
}

/** Makes sure a row exists for a user known only by id (a server-signed launch token); true when it was created. */
export async function ensureUser(db: Queryable, id: number, timeZone: string): Promise<boolean> {
  const created = await db
    .insertInto('users')
    .values({ id, first_name: '', time_zone: timeZone })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!created;
}

export async function findUser(db: Queryable, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's time zone alone (undefined: no such user). */
export async function findTimeZone(db: Queryable, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('time_zone').where('id', '=', id).executeTakeFirst();
  return row?.time_zone;
}

export async function lockUser(db: Queryable, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * What the status needs of a user: the profile, the plan, the day and the ritual. Bookkeeping columns
 * (created_at, updated_at, bot_reachable, start_param) stay out: every column read costs the driver a parse
 * on the busiest call.
 */
const STATUS_USER_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'username',
  'language_code',
  'is_premium',
  'photo_url',
  'subscription_type',
  'subscription_expires',
  'subscription_auto_renew',
  'total_spreads_used',
  'time_zone',
  'day_guard',
  'day_guard_until',
  'notify_daily',
  'deck',
  'reversals',
  'streak_current',
  'streak_best',
  'streak_last_day',
  'home_screen_offered_at',
] as const satisfies readonly (keyof User)[];
export type StatusUser = Pick<User, (typeof STATUS_USER_COLUMNS)[number]>;

/**
 * The status read: users with their latest usage row, compiled once (it runs on every screen). The ids go as
 * one JSON array, not a bigint[], so that it is planned once per connection (see touchProfilesReadStatus).
 */
function statusQuery(db: Queryable) {
  return db
    .selectFrom('users as u')
    .leftJoinLateral(
      (eb) =>
        eb.selectFrom('daily_usage').selectAll().whereRef('daily_usage.user_id', '=', 'u.id').orderBy('day', 'desc').limit(1).as('du'),
      (join) => join.onTrue(),
    )
    .select(STATUS_USER_COLUMNS.map((c) => `u.${c}` as const))
    .select([
      'du.day as du_day',
      'du.spreads_used as du_spreads_used',
      'du.free_spread_used as du_free_spread_used',
      'du.daily_card_used as du_daily_card_used',
      'du.daily_card_id as du_daily_card_id',
      'du.daily_card_orientation as du_daily_card_orientation',
      'du.daily_cards_drawn as du_daily_cards_drawn',
      'du.bonus_spreads as du_bonus_spreads',
    ])
    .where('u.id', 'in', sql<number>`(select value::bigint from jsonb_array_elements_text(${sql.val(STATUS_IDS)}::jsonb))`);
}
/** Stands for the ids among the compiled query's parameters (the subquery's limit is one too): found by identity. */
const STATUS_IDS: unknown = [];
type StatusRow = Awaited<ReturnType<ReturnType<typeof statusQuery>['execute']>>[number];
let compiledStatus: CompiledQuery<StatusRow> | null = null;

export async function findUsersWithLatestUsage(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, { user: StatusUser; usage: DailyUsage | null }>> {
  // The text never changes (the ids are one JSON parameter): built once, prepared once per connection.
  compiledStatus ??= ((c) => CompiledQuery.raw(preparedSql('user_status', c.sql), [...c.parameters]) as CompiledQuery<StatusRow>)(
    statusQuery(db).compile(),
  );
  const unique = JSON.stringify([...new Set(ids)]);
  const { rows } = await db.executeQuery<StatusRow>({
    ...compiledStatus,
    parameters: compiledStatus.parameters.map((p) => (p === STATUS_IDS ? unique : p)),
  });
  return statusRowsById(rows);
}

/** The status rows by user id, from rows of the user's columns and their latest usage row's (`du_*`) columns. */
function statusRowsById(rows: readonly StatusRow[]): Map<number, { user: StatusUser; usage: DailyUsage | null }> {
  const found = new Map<number, { user: StatusUser; usage: DailyUsage | null }>();
  for (const row of rows) {
    const {
      du_day,
      du_spreads_used,
      du_free_spread_used,
      du_daily_card_used,
      du_daily_card_id,
      du_daily_card_orientation,
      du_daily_cards_drawn,
      du_bonus_spreads,
      ...user
    } = row;
    const usage: DailyUsage | null =
      du_day === null
        ? null
        : {
            user_id: user.id,
            day: du_day,
            spreads_used: du_spreads_used!,
            free_spread_used: du_free_spread_used!,
            daily_card_used: du_daily_card_used!,
            bonus_spreads: du_bonus_spreads!,
            daily_card_id: du_daily_card_id,
            daily_card_orientation: du_daily_card_orientation,
            daily_cards_drawn: du_daily_cards_drawn!,
            // The status never shows the day's note (the daily card's own answer does): not read on this hot path.
            daily_note: null,
          };
    found.set(user.id, { user, usage });
  }
  return found;
}

/** The Telegram profile's columns: what a signed call may change in the user's row. */
const PROFILE_COLUMNS = ['first_name', 'last_name', 'username', 'language_code', 'is_premium', 'photo_url'] as const;
const USAGE_COLUMNS = [
  'day',
  'spreads_used',
  'free_spread_used',
  'daily_card_used',
  'daily_card_id',
  'daily_card_orientation',
  'daily_cards_drawn',
  'bonus_spreads',
] as const;

/** The text of touchProfilesReadStatus's statement, built once (it is prepared by name). */
let touchStatusText: string | null = null;

/** What a signed call says of its user: the Telegram profile (already storable) and the launch's start parameter. */
export interface ProfileTouch {
  profile: TelegramProfile;
  startParam: string | null;
}

/**
 * One statement for a batch of signed calls: each existing user's profile is written where it differs from
 * the row (a row equal to it is not touched: no write, no trigger), and their status rows are read. The
 * profile columns come back as written (the read sees the row as it was before the statement). Users
 * without a row are missing from the answer: creating one is the caller's, with what goes with it.
 *
 * The batch goes as one JSON parameter, not as arrays: PostgreSQL sees the length of an array parameter when
 * it plans for the values given, so every execution looked cheaper planned anew than the prepared statement's
 * generic plan, and was planned anew (about four fifths of the statement's time in the database). The rows of
 * a JSON document are estimated alike either way, so after its first five executions on a connection the
 * statement runs on its generic plan, planned once.
 */
export async function touchProfilesReadStatus(
  db: Queryable,
  touches: readonly ProfileTouch[],
): Promise<Map<number, { user: StatusUser; usage: DailyUsage | null }>> {
  // One entry per user (the last given wins): a row is updated at most once per statement.
  const byId = new Map(touches.map((t) => [t.profile.id, t]));
  const list = [...byId.values()].sort((a, b) => a.profile.id - b.profile.id);
  touchStatusText ??= preparedSql(
    'user_touch_status',
    `with g as (select * from jsonb_to_recordset($1::jsonb)
     as g(id bigint, ${PROFILE_COLUMNS.map((c) => `${c} ${c === 'is_premium' ? 'boolean' : 'text'}`).join(', ')}, start_param text)),
   touched as (update users u set ${PROFILE_COLUMNS.map((c) => `${c} = g.${c}`).join(', ')},
       start_param = coalesce(u.start_param, g.start_param), updated_at = now()
     from g where u.id = g.id and (${PROFILE_COLUMNS.map((c) => `u.${c} is distinct from g.${c}`).join(' or ')}
       or (u.start_param is null and g.start_param is not null))
     returning u.id)
   select ${STATUS_USER_COLUMNS.map((c) => ((PROFILE_COLUMNS as readonly string[]).includes(c) ? `g.${c}` : `u.${c}`)).join(', ')},
     ${USAGE_COLUMNS.map((c) => `du.${c} as du_${c}`).join(', ')}
   from g join users u on u.id = g.id
   left join lateral (select ${USAGE_COLUMNS.join(', ')} from daily_usage where daily_usage.user_id = u.id order by day desc limit 1) du on true`,
  );
  const batch = list.map(({ profile, startParam }) => ({ ...profileRow(profile), start_param: startParam }));
  const { rows } = await db.executeQuery<StatusRow>(
    CompiledQuery.raw(touchStatusText, [JSON.stringify(batch)]) as CompiledQuery<StatusRow>,
  );
  return statusRowsById(rows);
}

export async function updateSettings(
  db: Queryable,
  id: number,
  s: { timeZone?: string; notifyDaily?: boolean; deck?: DeckId; reversals?: boolean; guard?: { day: string; until: Date } | null },
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (s.timeZone !== undefined) set.time_zone = s.timeZone;
  if (s.guard !== undefined) {
    set.day_guard = s.guard?.day ?? null;
    set.day_guard_until = s.guard?.until ?? null;
  }
  if (s.notifyDaily !== undefined) set.notify_daily = s.notifyDaily;
  if (s.deck !== undefined) set.deck = s.deck;
  if (s.reversals !== undefined) set.reversals = s.reversals;
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setSubscription(db: Queryable, id: number, type: Tier, expires: Date | null, autoRenew: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ subscription_type: type, subscription_expires: expires, subscription_auto_renew: autoRenew, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Remembers a granted payment's moment (upsells wait an hour after it). */
export async function setLastPaid(db: Queryable, id: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_paid_at: at }).where('id', '=', id).execute();
}

/** Turns renewal on or off without touching the plan or its end (a payment may be extending it). */
export async function setAutoRenew(db: Queryable, id: number, autoRenew: boolean): Promise<void> {
  await db.updateTable('users').set({ subscription_auto_renew: autoRenew, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function addTotalSpreads(db: Queryable, id: number, delta: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ total_spreads_used: sql`greatest(0, total_spreads_used + ${delta})` })
    .where('id', '=', id)
    .execute();
}
