// Frozen: never edit a migration that has shipped; add a new one.
// Autopay the user understands: a renewal charges the price fixed when the user consented (a Stars
// subscription's price cannot change), on a known date. Both are stored with the recurring billing so the
// status screen, the payment message and the push a day before show exactly what will be charged and when.
// Existing Stars subscriptions take the amount of the payment that started them. `users.last_paid_at` (the
// app's clock at the last granted payment) keeps upsells away in the hour after a purchase. `down` drops them.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('recurring_billing')
    .addColumn('amount_minor', 'integer')
    .addColumn('currency', 'text')
    .addColumn('renews_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('users').addColumn('last_paid_at', 'timestamptz').execute();
  await sql`
    update recurring_billing rb set amount_minor = p.amount_minor, currency = p.currency
    from payments p
    where p.provider = rb.provider and p.provider_payment_id = rb.reference and rb.provider = 'stars'`.execute(db);
  await sql`
    update recurring_billing rb set renews_at = u.subscription_expires
    from users u where u.id = rb.user_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_paid_at').execute();
  await db.schema.alterTable('recurring_billing').dropColumn('amount_minor').dropColumn('currency').dropColumn('renews_at').execute();
}
