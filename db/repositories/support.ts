// The support desk: conversations (numbered, at most one not closed per user), their messages and where
// each user message was relayed in the operators' chats. Plain functions over `db | trx`.
import type { SupportConversation, SupportMessageKind, SupportStatus } from '../schema';
import type { Queryable } from '../connection';

/** The user's conversation that is not closed, if any. */
export async function findLiveConversation(db: Queryable, userId: number): Promise<SupportConversation | undefined> {
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
}

export async function findConversation(db: Queryable, id: number): Promise<SupportConversation | undefined> {
  return db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's live conversation, opened when there is none (two racing calls get the same one). */
export async function openConversation(db: Queryable, userId: number): Promise<{ conversation: SupportConversation; created: boolean }> {
  const created = await db
    .insertInto('support_conversations')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').where('status', '<>', 'closed').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return { conversation: created, created: true };
  const live = await findLiveConversation(db, userId);
  if (!live) throw new Error(`support conversation of ${userId} vanished`);
  return { conversation: live, created: false };
}

/** Moves a conversation that is not closed to `status`; undefined when it is closed (or absent). */
export async function setConversationStatus(
  db: Queryable,
  id: number,
  status: SupportStatus,
  now: Date,
  closedBy?: 'user' | 'operator',
): Promise<SupportConversation | undefined> {
  return db
    .updateTable('support_conversations')
    .set({ status, updated_at: now, ...(status === 'closed' ? { closed_at: now, closed_by: closedBy ?? null } : {}) })
    .where('id', '=', id)
    .where('status', '<>', 'closed')
    .returningAll()
    .executeTakeFirst();
}

export interface NewSupportMessage {
  conversationId: number;
  userId: number;
  author: 'user' | 'operator';
  operatorId?: number;
  kind: SupportMessageKind;
  text: string;
  fileId?: string;
}

export async function insertSupportMessage(db: Queryable, m: NewSupportMessage, now: Date): Promise<void> {
  await db
    .insertInto('support_messages')
    .values({
      conversation_id: m.conversationId,
      user_id: m.userId,
      author: m.author,
      operator_id: m.operatorId ?? null,
      kind: m.kind,
      text: m.text,
      file_id: m.fileId ?? null,
      created_at: now,
    })
    .execute();
}

export async function insertRelay(
  db: Queryable,
  r: { chatId: number; messageId: number; conversationId: number; userId: number },
): Promise<void> {
  await db
    .insertInto('support_relays')
    .values({ chat_id: r.chatId, message_id: r.messageId, conversation_id: r.conversationId, user_id: r.userId })
    .onConflict((oc) => oc.columns(['chat_id', 'message_id']).doNothing())
    .execute();
}

/** The conversation whose relayed message `messageId` in chat `chatId` is. */
export async function findRelay(db: Queryable, chatId: number, messageId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('support_relays')
    .select('conversation_id')
    .where('chat_id', '=', chatId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return row?.conversation_id;
}
