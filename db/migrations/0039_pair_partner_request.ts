// Frozen: never edit a migration that has shipped; add a new one.
// Choosing the partner in Telegram (Mini Apps requestChat): the request id of the prepared request_users button
// that came with an invitation, and the invitation's token sealed with the server's secret (the token itself is
// stored only hashed), so the bot's `users_shared` finds the invitation and sends its link from the database,
// whichever instance receives it and after a restart.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pair_invitations')
    .addColumn('partner_request_id', 'integer')
    .addColumn('partner_token_sealed', 'text')
    .execute();
  await db.schema
    .createIndex('pair_invitations_partner_request')
    .on('pair_invitations')
    .columns(['inviter_id', 'partner_request_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pair_invitations_partner_request').execute();
  await db.schema.alterTable('pair_invitations').dropColumn('partner_request_id').dropColumn('partner_token_sealed').execute();
}
