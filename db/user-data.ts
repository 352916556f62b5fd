// The one registry of the user's data: every table that holds a user's rows, once. Export and deletion walk
// it, and db/user-data.test.ts fails when a migration adds a user-keyed table this list does not name.
// Adding a table is one line: how its rows find the user, what deletion does, and its title in the export.
import { sql } from 'kysely';
import type { Database } from './schema';
import type { Db, Queryable } from './connection';

export interface UserDataTable {
  table: keyof Database;
  /** How a row names its user: a column holding the Telegram id, the reading it belongs to, or a pair the user is in. */
  key: { column: string } | { reading: string } | { pair: string };
  /**
   * 'delete' at once; 'detach': kept for receipts and accounting, without the user (and scrubbed); 'keep':
   * another user's rows this user was shown (a pair's readings stay with their asker), exported only.
   */
  erase: 'delete' | 'detach' | 'keep';
  /** The export's section title (Russian: the HTML copy shows it); null: nothing of it is exported. */
  title: string | null;
  /** Columns never exported (secrets, internal leases). */
  omit?: string[];
  /** The table's primary key, which the export reads it in pages by (default `id`; a test checks it). */
  pageBy?: readonly string[];
}

/** Deletion runs in this order (children before the rows they point to), `users` last. */
export const USER_DATA: readonly UserDataTable[] = [
  // Which readings a share picture was drawn from (the pictures themselves go with them: deleteSharePicturesOf).
  { table: 'share_picture_readings', key: { reading: 'reading_id' }, erase: 'delete', title: null },
  { table: 'share_messages', key: { reading: 'reading_id' }, erase: 'delete', title: null },
  // A reading read aloud: the audio is the reading's own text spoken, so the export lists it without the bytes.
  {
    table: 'reading_speech',
    key: { reading: 'reading_id' },
    erase: 'delete',
    title: 'Озвученные расклады',
    omit: ['audio', 'text_hash'],
    pageBy: ['reading_id'],
  },
  { table: 'second_opinions', key: { reading: 'reading_id' }, erase: 'delete', title: 'Вторые мнения', omit: ['ai_error'] },
  {
    table: 'reading_follow_ups',
    key: { column: 'user_id' },
    erase: 'delete',
    title: 'Уточнения к раскладам',
    omit: ['ai_lease_id', 'ai_lease_until'],
  },
  { table: 'micro_purchases', key: { column: 'user_id' }, erase: 'delete', title: 'Мини-расклады' },
  { table: 'reviews', key: { column: 'user_id' }, erase: 'delete', title: 'Отзывы' },
  { table: 'lesson_progress', key: { column: 'user_id' }, erase: 'delete', title: 'Уроки по картам', pageBy: ['user_id'] },
  {
    table: 'reading_notes',
    key: { column: 'user_id' },
    erase: 'delete',
    title: 'Заметки к раскладам',
    pageBy: ['reading_id', 'user_id'],
  },
  { table: 'pair_members', key: { column: 'user_id' }, erase: 'delete', title: 'Пары', pageBy: ['pair_id', 'user_id'] },
  {
    table: 'pair_invitations',
    key: { column: 'inviter_id' },
    erase: 'delete',
    title: 'Приглашения в пару',
    omit: ['token_hash'],
    pageBy: ['token_hash'],
  },
  // Rewards for friends this user invited (a friend's own row loses their id by the foreign key; the keyed hash stays
  // with the inviter's row so a re-created account is not rewarded twice).
  {
    table: 'referral_rewards',
    key: { column: 'inviter_id' },
    erase: 'delete',
    title: 'Приглашённые друзья',
    omit: ['invitee_key'],
    pageBy: ['invitee_key'],
  },
  {
    table: 'readings',
    key: { column: 'user_id' },
    erase: 'delete',
    title: 'Расклады',
    omit: ['ai_lease_id', 'ai_lease_until', 'request_key'],
  },
  // Readings for two: both members' exports show the pair's readings; deleting removes only one's own part.
  {
    table: 'readings',
    key: { pair: 'pair_id' },
    erase: 'keep',
    title: 'Расклады на двоих',
    omit: ['ai_lease_id', 'ai_lease_until', 'request_key'],
  },
  { table: 'daily_usage', key: { column: 'user_id' }, erase: 'delete', title: 'Карта дня и расклады по дням', pageBy: ['user_id', 'day'] },
  {
    table: 'daily_card_notes',
    key: { column: 'user_id' },
    erase: 'delete',
    title: 'Толкования карты дня',
    pageBy: ['user_id', 'day', 'card_key'],
  },
  { table: 'natal_birth_data', key: { column: 'user_id' }, erase: 'delete', title: 'Данные рождения', pageBy: ['user_id'] },
  // The day's transit list, computed from the birth data (exported as the birth data is; a cache, not a record).
  { table: 'transit_cache', key: { column: 'user_id' }, erase: 'delete', title: null },
  { table: 'monthly_reports', key: { column: 'user_id' }, erase: 'delete', title: 'Итоги месяца', pageBy: ['user_id', 'month'] },
  { table: 'people', key: { column: 'user_id' }, erase: 'delete', title: 'Люди' },
  { table: 'custom_spreads', key: { column: 'user_id' }, erase: 'delete', title: 'Свои расклады' },
  { table: 'notifications', key: { column: 'user_id' }, erase: 'delete', title: 'Напоминания и сообщения бота' },
  { table: 'micro_offers', key: { column: 'user_id' }, erase: 'delete', title: null },
  {
    table: 'recurring_billing',
    key: { column: 'user_id' },
    erase: 'delete',
    title: 'Автопродление',
    omit: ['reference'],
    pageBy: ['user_id'],
  },
  { table: 'analytics_events', key: { column: 'user_id' }, erase: 'delete', title: 'События в приложении' },
  // The user's own rate limits (kept under the keyed hash in erased_limits first); the sign-ins' rows in the
  // same table are keyed by a keyed hash and carry no user.
  { table: 'rate_limits', key: { column: 'user_id' }, erase: 'delete', title: null },
  { table: 'support_relays', key: { column: 'user_id' }, erase: 'delete', title: null },
  { table: 'support_messages', key: { column: 'user_id' }, erase: 'delete', title: 'Сообщения в поддержку' },
  { table: 'support_conversations', key: { column: 'user_id' }, erase: 'delete', title: 'Обращения в поддержку' },
  {
    table: 'web_sessions',
    key: { column: 'user_id' },
    erase: 'delete',
    title: 'Входы в браузере',
    omit: ['id_hash'],
    pageBy: ['id_hash'],
  },
  { table: 'auth_tokens', key: { column: 'user_id' }, erase: 'delete', title: null },
  // The export running now (its lease), not part of it.
  { table: 'data_exports', key: { column: 'user_id' }, erase: 'delete', title: null },
  // The bot's dialogue state, keyed by the chat (a private chat's id is the user's).
  { table: 'bot_conversations', key: { column: 'key' }, erase: 'delete', title: null },
  { table: 'payments', key: { column: 'user_id' }, erase: 'detach', title: 'Платежи', omit: ['granted'] },
  { table: 'payment_orders', key: { column: 'user_id' }, erase: 'detach', title: 'Заказы', omit: ['idempotence_key'] },
  // The owner's dashboard's facts, derived from the rows above (not exported: nothing in it is new).
  { table: 'user_facts', key: { column: 'user_id' }, erase: 'delete', title: null },
  { table: 'users', key: { column: 'id' }, erase: 'delete', title: 'Профиль и настройки' },
];

/** Tables the registry needs no line for: keyed by something that is not a user (checked by the test). */
export const NOT_USER_DATA: readonly (keyof Database)[] = [
  'app_settings',
  'bot_updates',
  'share_pictures',
  'erased_users',
  // Under the keyed hash of the Telegram id, never the id: what outlives a deletion (services/user-key.ts).
  'erased_limits',
  'token_generations',
  'pairs',
  'guest_rate_slots',
  'guest_answer_days',
];

/** The table's rows of the user, as a query's WHERE (a column, or the user's readings). */
function whereUser(t: UserDataTable, userId: number) {
  if ('reading' in t.key) return sql`${sql.ref(t.key.reading)} in (select id from readings where user_id = ${userId})`;
  // A pair's readings only while the pair lasts: once either member left, they stay with their asker alone.
  if ('pair' in t.key)
    return sql`${sql.ref(t.key.pair)} in (select m.pair_id from pair_members m join pairs p on p.id = m.pair_id
      where m.user_id = ${userId} and m.left_at is null and p.ended_at is null)`;
  // bot_conversations keys are text: compare as text.
  return t.key.column === 'key' ? sql`${sql.ref('key')} = ${String(userId)}` : sql`${sql.ref(t.key.column)} = ${userId}`;
}

/** Every row of the user in one table (for the export and the tests' table-by-table check). */
export async function rowsOf(db: Queryable, t: UserDataTable, userId: number): Promise<Record<string, unknown>[]> {
  const r = await sql<Record<string, unknown>>`select * from ${sql.table(t.table)} where ${whereUser(t, userId)}`.execute(db);
  return r.rows;
}

/** Rows per page of the export: a page of the longest readings (20,000 characters each) is about 2 MB. */
export const EXPORT_PAGE_ROWS = 50;
/**
 * The longest one page's statement may run (PostgreSQL; PGlite has no statement timeout). Pages are index
 * reads of EXPORT_PAGE_ROWS rows; a page this slow means the database is in trouble, and the export stops.
 */
export const EXPORT_PAGE_TIMEOUT_MS = 3_000;

export const pageKeyOf = (t: UserDataTable): readonly string[] => t.pageBy ?? ['id'];

/**
 * One page of the user's rows in one table, in the order of its key, after the key `after` (null: the
 * first page): its own short statement with its own statement timeout, so that no statement reads a heavy
 * user's whole history. `last` is the key of the page's last row (omitted columns included), for the next.
 */
export async function pageOf(
  db: Db,
  t: UserDataTable,
  userId: number,
  after: readonly unknown[] | null,
  limit = EXPORT_PAGE_ROWS,
): Promise<{ rows: Record<string, unknown>[]; last: unknown[] | null }> {
  const key = pageKeyOf(t);
  const keyRefs = sql.join(key.map((c) => sql.ref(c)));
  const past = after ? sql`and (${keyRefs}) > (${sql.join(after.map((v) => sql`${v}`))})` : sql``;
  const rows = await db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(EXPORT_PAGE_TIMEOUT_MS)}, true)`.execute(trx);
    const r = await sql<Record<string, unknown>>`
      select * from ${sql.table(t.table)} where ${whereUser(t, userId)} ${past}
      order by ${keyRefs} limit ${limit}`.execute(trx);
    return r.rows;
  });
  const tail = rows.at(-1);
  return { rows, last: rows.length === limit && tail ? key.map((c) => tail[c]) : null };
}

/** How many rows of the user one table has (the readable copy's section headings say it first). */
export async function countOf(db: Queryable, t: UserDataTable, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t.table)} where ${whereUser(t, userId)}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

export async function deleteRowsOf(db: Queryable, t: UserDataTable, userId: number): Promise<void> {
  await sql`delete from ${sql.table(t.table)} where ${whereUser(t, userId)}`.execute(db);
}

/**
 * Payment records outlive the user for accounting: the link to the user, the reading (whose question it would
 * reveal) and every free-form field (contexts, provider details with names) are removed.
 */
export async function detachPayments(db: Queryable, userId: number): Promise<void> {
  await sql`update payments set user_id = null, details = null where user_id = ${userId}`.execute(db);
  await sql`update payment_orders set user_id = null, context = null, reading_id = null where user_id = ${userId}`.execute(db);
}

/** Detached payment records whose keeping time is over (created before `before`) go for good. */
export async function pruneDetachedPayments(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('payments').where('user_id', 'is', null).where('created_at', '<', before).execute();
  await db.deleteFrom('payment_orders').where('user_id', 'is', null).where('created_at', '<', before).execute();
}

/**
 * The pictures drawn from the user's readings that no other user's reading shares (pictures are stored by the
 * hash of what they show, so two readings may share one); run before the readings go.
 */
export async function deleteSharePicturesOf(db: Queryable, userId: number): Promise<void> {
  await sql`delete from share_pictures where hash in (
      select l.hash from share_picture_readings l join readings r on r.id = l.reading_id where r.user_id = ${userId})
    and not exists (
      select 1 from share_picture_readings o join readings r on r.id = o.reading_id
      where o.hash = share_pictures.hash and r.user_id <> ${userId})`.execute(db);
}

/**
 * Remembers, under the marker (the keyed hash of the Telegram id), that the user had used the trial (nothing
 * otherwise: no offer depends on an earlier purchase); a marker already there keeps what it knew.
 */
export async function markErased(db: Queryable, userId: number, marker: string): Promise<void> {
  const used = await sql<{ trial: boolean; purchased: boolean }>`
    select exists(select 1 from payments where user_id = ${userId} and product = 'trial') as trial,
           exists(select 1 from payments where user_id = ${userId}) as purchased`.execute(db);
  const { trial, purchased } = used.rows[0];
  // Only the trial is remembered (the terms' 13.6 promise nothing else): a purchase alone leaves no marker.
  if (trial)
    await db
      .insertInto('erased_users')
      .values({ id_hash: marker, trial_used: trial, purchased })
      .onConflict((oc) =>
        oc.column('id_hash').doUpdateSet({
          trial_used: sql`erased_users.trial_used or excluded.trial_used`,
          purchased: sql`erased_users.purchased or excluded.purchased`,
        }),
      )
      .execute();
}

/**
 * What a returning user had used before erasing their data (the trial, a purchase): under the keyed marker, or
 * under the unkeyed hash a marker written before the server secret has (`legacy`).
 */
export async function erasedBefore(
  db: Queryable,
  marker: string,
  legacyMarker: string,
): Promise<{ trialUsed: boolean; purchased: boolean }> {
  const rows = await db
    .selectFrom('erased_users')
    .select(['trial_used', 'purchased'])
    .where((eb) => eb.or([eb('id_hash', '=', marker), eb.and([eb('id_hash', '=', legacyMarker), eb('legacy', '=', true)])]))
    .execute();
  return { trialUsed: rows.some((r) => r.trial_used), purchased: rows.some((r) => r.purchased) };
}

/** A returning user's legacy marker moves under the keyed one (merged into it when both exist). */
export async function rekeyLegacyMarker(db: Queryable, marker: string, legacyMarker: string): Promise<void> {
  const old = await db
    .deleteFrom('erased_users')
    .where('id_hash', '=', legacyMarker)
    .where('legacy', '=', true)
    .returning(['trial_used', 'purchased', 'erased_at'])
    .executeTakeFirst();
  if (!old) return;
  await db
    .insertInto('erased_users')
    .values({ id_hash: marker, trial_used: old.trial_used, purchased: old.purchased, erased_at: old.erased_at })
    .onConflict((oc) =>
      oc.column('id_hash').doUpdateSet({
        trial_used: sql`erased_users.trial_used or excluded.trial_used`,
        purchased: sql`erased_users.purchased or excluded.purchased`,
      }),
    )
    .execute();
}
