// Frozen: never edit a migration that has shipped; add a new one.
// Share pictures become JPEG (the Bot API takes only JPEG for a photo by URL), about a sixth of the PNG's
// size, and are keyed by the hash of what they show, so readings that look the same share one picture. The
// old PNG cache is dropped (pictures are drawn again when asked for). A prepared inline message is kept until
// Telegram's expiry and reused, instead of one Bot API call per share.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_images').execute();

  await db.schema
    .createTable('share_pictures')
    // sha256 (base64url) of what is drawn: format, deck, spread, cards, the words; see services/share/picture.ts.
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('jpeg', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A JPEG does not compress: stored out of line without trying to (PGlite runs on the app's own thread).
  await sql`alter table share_pictures alter column jpeg set storage external`.execute(db);
  await db.schema.createIndex('share_pictures_created_idx').on('share_pictures').column('created_at').execute();

  await db.schema
    .createTable('share_messages')
    .addColumn('reading_id', 'bigint', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    // deck and whether the question is shown, e.g. 'rws:q'.
    .addColumn('variant', 'text', (c) => c.notNull())
    // The hash of the message's content (picture, caption, button): a changed reading prepares a new one.
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_messages_pk', ['reading_id', 'variant'])
    .execute();
  await db.schema.createIndex('share_messages_expires_idx').on('share_messages').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_messages').execute();
  await db.schema.dropTable('share_pictures').execute();
  await db.schema
    .createTable('share_images')
    .addColumn('reading_id', 'bigint', (c) => c.notNull().references('readings.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('png', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('share_images_pk', ['reading_id', 'variant'])
    .execute();
}
