// Frozen: never edit a migration that has shipped; add a new one.
// The owner's dashboard, pre-aggregated: one row of facts per user (when they came, by which start parameter,
// their first reading, offer, checkout and payment, and whether they came back on their local day 1, 7 and 30)
// and a mark on each push a reading followed within the hour. Triggers keep them in step with the writes that
// already happen, in the same statement, so the funnel, retention and pushes read a row per user or an index
// instead of joining a million users' readings; nothing is added to the status call (it writes nothing).
// Existing rows are backfilled here. Days are the user's own local days, as the daily card's are. And the
// tokens the AI provider reports for a reading (`usage`), where the estimate from characters was all there was.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table user_facts (
    user_id bigint primary key references users(id) on delete cascade,
    created_at timestamptz not null,
    start_param text,
    time_zone text not null,
    first_day date not null,
    first_reading_at timestamptz,
    first_offer_at timestamptz,
    first_order_at timestamptz,
    first_paid_at timestamptz,
    back_d1 boolean not null default false,
    back_d7 boolean not null default false,
    back_d30 boolean not null default false
  )`.execute(db);
  await sql`create index user_facts_created_idx on user_facts (created_at)`.execute(db);

  // A zone PostgreSQL does not know (the app checks zones with Intl) must never fail a sign-up: UTC then.
  await sql`create function user_facts_zone(tz text) returns text language plpgsql stable as $$
    begin
      perform now() at time zone tz;
      return tz;
    exception when others then
      return 'UTC';
    end $$`.execute(db);

  // Row triggers on users: an upsert that changes nothing (a repeated sign-in) fires nothing.
  await sql`create function user_facts_users() returns trigger language plpgsql as $$
    declare tz text;
    begin
      if tg_op = 'INSERT' then
        tz := user_facts_zone(new.time_zone);
        insert into user_facts (user_id, created_at, start_param, time_zone, first_day)
          values (new.id, new.created_at, new.start_param, tz, (new.created_at at time zone tz)::date)
          on conflict (user_id) do nothing;
      else
        update user_facts set start_param = new.start_param, created_at = new.created_at, first_day = (new.created_at at time zone time_zone)::date
          where user_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_facts_insert after insert on users for each row execute function user_facts_users()`.execute(db);
  await sql`create trigger users_facts_update after update of start_param, created_at on users for each row
    when (old.start_param is distinct from new.start_param or old.created_at is distinct from new.created_at)
    execute function user_facts_users()`.execute(db);

  // Activity (a reading or the daily card) on the user's local day 1, 7 or 30 after the first.
  await sql`create function user_facts_back(user_ids bigint[], days date[]) returns void language sql as $$
    update user_facts f set back_d1 = f.back_d1 or a.d1, back_d7 = f.back_d7 or a.d7, back_d30 = f.back_d30 or a.d30
    from (
      select f0.user_id, bool_or(x.day - f0.first_day = 1) as d1, bool_or(x.day - f0.first_day = 7) as d7, bool_or(x.day - f0.first_day = 30) as d30
      from unnest(user_ids, days) as x(user_id, day) join user_facts f0 on f0.user_id = x.user_id
      where x.day - f0.first_day in (1, 7, 30)
      group by f0.user_id
    ) a
    where f.user_id = a.user_id and ((a.d1 and not f.back_d1) or (a.d7 and not f.back_d7) or (a.d30 and not f.back_d30))
  $$`.execute(db);

  await sql`create function user_facts_readings() returns trigger language plpgsql as $$
    begin
      update user_facts f set first_reading_at = a.first_at
        from (select user_id, min(created_at) as first_at from new_rows group by user_id) a
        where f.user_id = a.user_id and (f.first_reading_at is null or a.first_at < f.first_reading_at);
      perform user_facts_back(array_agg(n.user_id), array_agg((n.created_at at time zone f.time_zone)::date))
        from new_rows n join user_facts f on f.user_id = n.user_id;
      -- The push a reading followed within the hour.
      update notifications p set followed_at = n.created_at from new_rows n
        where p.user_id = n.user_id and p.status = 'sent' and p.sent_at <= n.created_at
          and p.sent_at > n.created_at - interval '1 hour' and p.followed_at is null;
      return null;
    end $$`.execute(db);
  await sql`create trigger readings_facts after insert on readings referencing new table as new_rows
    for each statement execute function user_facts_readings()`.execute(db);

  await sql`create function user_facts_daily_card() returns trigger language plpgsql as $$
    begin
      perform user_facts_back(array_agg(user_id), array_agg(day)) from new_rows where daily_card_used;
      return null;
    end $$`.execute(db);
  await sql`create trigger daily_usage_facts_insert after insert on daily_usage referencing new table as new_rows
    for each statement execute function user_facts_daily_card()`.execute(db);
  await sql`create trigger daily_usage_facts_update after update on daily_usage referencing new table as new_rows
    for each statement execute function user_facts_daily_card()`.execute(db);

  await sql`create function user_facts_offers() returns trigger language plpgsql as $$
    begin
      update user_facts f set first_offer_at = a.first_at
        from (select user_id, min(started_at) as first_at from new_rows group by user_id) a
        where f.user_id = a.user_id and (f.first_offer_at is null or a.first_at < f.first_offer_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger micro_offers_facts after insert on micro_offers referencing new table as new_rows
    for each statement execute function user_facts_offers()`.execute(db);

  // Mock orders and payments (test money) never count.
  await sql`create function user_facts_orders() returns trigger language plpgsql as $$
    begin
      update user_facts f set first_order_at = a.first_at
        from (select user_id, min(created_at) as first_at from new_rows where provider <> 'mock' group by user_id) a
        where f.user_id = a.user_id and (f.first_order_at is null or a.first_at < f.first_order_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger payment_orders_facts after insert on payment_orders referencing new table as new_rows
    for each statement execute function user_facts_orders()`.execute(db);

  // A refund takes the payment back out: the first payment is recomputed from the user's payments.
  await sql`create function user_facts_payments() returns trigger language plpgsql as $$
    begin
      update user_facts f set first_paid_at = a.first_at
        from (
          select u.user_id, (select min(p.created_at) from payments p where p.user_id = u.user_id and p.status = 'succeeded' and p.provider <> 'mock') as first_at
          from (select distinct user_id from new_rows) u
        ) a
        where f.user_id = a.user_id and f.first_paid_at is distinct from a.first_at;
      return null;
    end $$`.execute(db);
  await sql`create trigger payments_facts_insert after insert on payments referencing new table as new_rows
    for each statement execute function user_facts_payments()`.execute(db);
  await sql`create trigger payments_facts_update after update on payments referencing new table as new_rows
    for each statement execute function user_facts_payments()`.execute(db);

  await sql`alter table readings add column ai_input_tokens integer, add column ai_output_tokens integer`.execute(db);
  await sql`alter table notifications add column followed_at timestamptz`.execute(db);
  await sql`create index notifications_user_sent_idx on notifications (user_id, sent_at) where status = 'sent'`.execute(db);
  await sql`create index notifications_followed_idx on notifications (sent_at) where followed_at is not null`.execute(db);
  await sql`create index notifications_created_status_idx on notifications (created_at, status)`.execute(db);
  await sql`drop index notifications_created_idx`.execute(db);
  // The AI tab and the price tests read these indexes alone (index-only), not the rows.
  await sql`create index readings_ai_idx on readings (created_at)
    include (status, ai_first_ms, ai_total_ms, ai_prompt_chars, ai_output_chars, ai_input_tokens, ai_output_tokens)
    where status in ('done', 'fallback')`.execute(db);
  await sql`create index readings_ai_error_idx on readings (created_at) include (ai_error) where ai_error is not null`.execute(db);
  await sql`create index micro_offers_started_user_idx on micro_offers (started_at) include (user_id)`.execute(db);
  await sql`drop index micro_offers_started_idx`.execute(db);
  await sql`create index users_unreachable_idx on users (id) where not bot_reachable`.execute(db);
  await sql`create index users_reminders_off_idx on users (id) where not notify_daily`.execute(db);
  await sql`create index users_streak_idx on users (streak_last_day, streak_current) where streak_current > 0`.execute(db);

  // Backfill from what is already there.
  await sql`insert into user_facts (user_id, created_at, start_param, time_zone, first_day)
    select u.id, u.created_at, u.start_param, coalesce(z.name, 'UTC'), (u.created_at at time zone coalesce(z.name, 'UTC'))::date
    from users u left join (select distinct name from pg_timezone_names) z on z.name = u.time_zone`.execute(db);
  await sql`update user_facts f set first_reading_at = a.t from (select user_id, min(created_at) as t from readings group by 1) a where f.user_id = a.user_id`.execute(
    db,
  );
  await sql`update user_facts f set first_offer_at = a.t from (select user_id, min(started_at) as t from micro_offers group by 1) a where f.user_id = a.user_id`.execute(
    db,
  );
  await sql`update user_facts f set first_order_at = a.t from (select user_id, min(created_at) as t from payment_orders where provider <> 'mock' group by 1) a where f.user_id = a.user_id`.execute(
    db,
  );
  await sql`update user_facts f set first_paid_at = a.t
    from (select user_id, min(created_at) as t from payments where status = 'succeeded' and provider <> 'mock' group by 1) a where f.user_id = a.user_id`.execute(
    db,
  );
  await sql`update user_facts f set back_d1 = a.d1, back_d7 = a.d7, back_d30 = a.d30
    from (
      select f0.user_id, bool_or(x.day - f0.first_day = 1) as d1, bool_or(x.day - f0.first_day = 7) as d7, bool_or(x.day - f0.first_day = 30) as d30
      from user_facts f0 join (
        select r.user_id, (r.created_at at time zone f1.time_zone)::date as day from readings r join user_facts f1 on f1.user_id = r.user_id
        union
        select user_id, day from daily_usage where daily_card_used
      ) x on x.user_id = f0.user_id
      where x.day - f0.first_day in (1, 7, 30)
      group by f0.user_id
    ) a where f.user_id = a.user_id`.execute(db);
  await sql`update notifications p set followed_at = r.created_at from readings r
    where p.user_id = r.user_id and p.status = 'sent' and r.created_at >= p.sent_at and r.created_at < p.sent_at + interval '1 hour'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [t, trg] of [
    ['users', 'users_facts_insert'],
    ['users', 'users_facts_update'],
    ['readings', 'readings_facts'],
    ['daily_usage', 'daily_usage_facts_insert'],
    ['daily_usage', 'daily_usage_facts_update'],
    ['micro_offers', 'micro_offers_facts'],
    ['payment_orders', 'payment_orders_facts'],
    ['payments', 'payments_facts_insert'],
    ['payments', 'payments_facts_update'],
  ])
    await sql`drop trigger ${sql.raw(trg)} on ${sql.raw(t)}`.execute(db);
  for (const f of [
    'user_facts_users()',
    'user_facts_readings()',
    'user_facts_daily_card()',
    'user_facts_offers()',
    'user_facts_orders()',
    'user_facts_payments()',
    'user_facts_back(bigint[], date[])',
    'user_facts_zone(text)',
  ])
    await sql`drop function ${sql.raw(f)}`.execute(db);
  await sql`drop table user_facts`.execute(db);
  await sql`create index micro_offers_started_idx on micro_offers (started_at)`.execute(db);
  for (const i of [
    'readings_ai_idx',
    'readings_ai_error_idx',
    'micro_offers_started_user_idx',
    'notifications_user_sent_idx',
    'notifications_followed_idx',
    'notifications_created_status_idx',
    'users_unreachable_idx',
    'users_reminders_off_idx',
    'users_streak_idx',
  ])
    await sql`drop index ${sql.raw(i)}`.execute(db);
  await sql`create index notifications_created_idx on notifications (created_at)`.execute(db);
  await sql`alter table notifications drop column followed_at`.execute(db);
  await sql`alter table readings drop column ai_input_tokens, drop column ai_output_tokens`.execute(db);
}
