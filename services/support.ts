// The support desk: a user's conversation with the operators (the support chat, SUPPORT_CHAT_ID, or each of
// ADMIN_USER_IDS privately). The bot relays the user's messages with the user's card (plan, last payments) and
// the operators' answers back; here are the rules: one live conversation per user, numbered, open → answered
// → closed, and who may answer.
import * as paymentsRepo from '../db/repositories/payments';
import * as supportRepo from '../db/repositories/support';
import * as usersRepo from '../db/repositories/users';
import type { SupportConversation, SupportMessageKind } from '../db/schema';
import { PRODUCT_INFO, currentProductId, tierName, type ProductId } from '../domain/commerce/catalogue';
import { entitlementOf } from '../domain/commerce/entitlement';
import { legalView, SUPPORT_ANSWER } from '../domain/commerce/legal';
import type { Tier } from '../domain/types';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { takeUserLimit } from './user-limits';
import * as operators from './operators';

/** How many of the user's last payments the operators see with each message. */
const CARD_PAYMENTS = 5;

export interface SupportCard {
  conversation: { number: number; status: SupportConversation['status'] };
  user: { id: number; firstName: string; lastName: string | null; username: string | null };
  plan: { tier: Tier; name: string; expires: Date | null; autoRenew: boolean; special: boolean };
  payments: {
    provider: string;
    product: string;
    amountMinor: number;
    currency: string;
    at: Date;
    status: 'succeeded' | 'refunded';
    notGranted: string | null;
  }[];
}

/** Where the operators are: the support chat, or each admin privately; empty when nobody is configured. */
export type SupportDeps = Pick<
  ServiceDeps,
  'db' | 'clock' | 'defaultTimeZone' | 'adminUserIds' | 'supportChatId' | 'specialAccessUserIds' | 'legal'
>;

const productName = (p: string) => PRODUCT_INFO[currentProductId(p) as ProductId]?.name ?? p;

export function createSupportService(deps: SupportDeps) {
  const { db, clock } = deps;
  const operatorChats = (): number[] => operators.operatorChats(deps);
  const mayOperate = (chatId: number, fromId: number) => operators.isOperator(deps, chatId, fromId);

  async function card(conversation: SupportConversation): Promise<SupportCard> {
    const user = await usersRepo.findUser(db, conversation.user_id);
    if (!user) throw new ServiceError('not_found', 'Пользователь не найден');
    const e = entitlementOf(user, clock(), deps.specialAccessUserIds);
    const payments = await paymentsRepo.listUserPayments(db, user.id, CARD_PAYMENTS);
    return {
      conversation: { number: conversation.id, status: conversation.status },
      user: { id: user.id, firstName: user.first_name, lastName: user.last_name, username: user.username },
      plan: {
        tier: e.tier,
        name: tierName(e.tier),
        expires: e.tier === 'free' ? null : user.subscription_expires,
        autoRenew: e.tier !== 'free' && user.subscription_auto_renew,
        special: e.special,
      },
      payments: payments.map((p) => {
        const granted = p.granted as { kind?: string; reason?: string };
        return {
          provider: p.provider,
          product: productName(p.product),
          amountMinor: p.amount_minor,
          currency: p.currency,
          at: p.created_at,
          status: p.status,
          notGranted: granted.kind === 'none' ? (granted.reason ?? 'не выдано') : null,
        };
      }),
    };
  }

  /** A conversation an operator names, checked: it exists and the operator may answer. */
  async function operatorTarget(chatId: number, fromId: number, number: number): Promise<SupportConversation> {
    if (!mayOperate(chatId, fromId)) throw new ServiceError('forbidden', 'Отвечать на обращения могут только операторы поддержки.');
    const c = await supportRepo.findConversation(db, number);
    if (!c) throw new ServiceError('not_found', `Обращения №${number} нет.`);
    return c;
  }

  return {
    /** When support answers, as the terms state it («в течение 3 дней»). */
    answerWithin: SUPPORT_ANSWER,

    /** The operators' chats; empty: nobody takes support in the bot. */
    operatorChats,

    mayOperate,

    /** The e-mail the terms give, for when the bot cannot take a message. */
    email: (): string | null => legalView(deps.legal).email,

    /** /paysupport, /support, «Поддержка»: the user's live conversation, opened when there is none. */
    async open(userId: number): Promise<{ number: number; status: SupportConversation['status']; created: boolean }> {
      await usersRepo.ensureUser(db, userId, deps.defaultTimeZone);
      const { conversation, created } = await supportRepo.openConversation(db, userId);
      return { number: conversation.id, status: conversation.status, created };
    },

    /**
     * A message from the user in support mode: stored, the conversation open again (waiting for an operator),
     * and the card the operators see with it. Null when the user has no live conversation; 429 over the limit.
     */
    async fromUser(userId: number, m: { kind: SupportMessageKind; text: string; fileId?: string }): Promise<SupportCard | null> {
      if (!(await supportRepo.findLiveConversation(db, userId))) return null;
      // Each message is a message in the operators' group, whose rate everyone's relays share: a few a minute
      // per user (429 naming when; the bot tells the user, the message is neither kept nor relayed).
      await takeUserLimit(db, userId, 'support_relay', clock());
      const conversation = await db.transaction().execute(async (trx) => {
        const live = await supportRepo.findLiveConversation(trx, userId);
        if (!live) return null;
        await supportRepo.insertSupportMessage(trx, { conversationId: live.id, userId, author: 'user', ...m }, clock());
        return (await supportRepo.setConversationStatus(trx, live.id, 'open', clock())) ?? live;
      });
      return conversation ? card(conversation) : null;
    },

    /** The bot relayed a user's message as `messageId` in `chatId`: a reply to it answers the conversation. */
    relayed: (chatId: number, messageId: number, number: number, userId: number) =>
      supportRepo.insertRelay(db, { chatId, messageId, conversationId: number, userId }),

    /** The conversation a relayed message belongs to (an operator replied to it), if it is one. */
    relayOf: (chatId: number, messageId: number) => supportRepo.findRelay(db, chatId, messageId),

    /** An operator answers conversation `number`: stored, status «answered»; the bot sends it to `userId`. */
    async answer(chatId: number, fromId: number, number: number, text: string): Promise<{ userId: number; number: number }> {
      const c = await operatorTarget(chatId, fromId, number);
      if (c.status === 'closed')
        throw new ServiceError('conflict', `Обращение №${number} закрыто; пользователь откроет новое через /paysupport.`);
      await db.transaction().execute(async (trx) => {
        await supportRepo.insertSupportMessage(
          trx,
          { conversationId: c.id, userId: c.user_id, author: 'operator', operatorId: fromId, kind: 'text', text },
          clock(),
        );
        await supportRepo.setConversationStatus(trx, c.id, 'answered', clock());
      });
      return { userId: c.user_id, number: c.id };
    },

    /** An operator closes conversation `number` (/close N). Closed already: conflict. */
    async closeByOperator(chatId: number, fromId: number, number: number): Promise<{ userId: number; number: number }> {
      const c = await operatorTarget(chatId, fromId, number);
      const closed = await supportRepo.setConversationStatus(db, c.id, 'closed', clock(), 'operator');
      if (!closed) throw new ServiceError('conflict', `Обращение №${number} уже закрыто.`);
      return { userId: c.user_id, number: c.id };
    },

    /**
     * The user ends their live conversation («Завершить обращение» under a message of conversation `number`;
     * an older message's button does not close a newer one). Null when that one is not open.
     */
    async closeByUser(userId: number, number?: number): Promise<{ number: number } | null> {
      const live = await supportRepo.findLiveConversation(db, userId);
      if (!live || (number !== undefined && live.id !== number)) return null;
      const closed = await supportRepo.setConversationStatus(db, live.id, 'closed', clock(), 'user');
      return closed ? { number: closed.id } : null;
    },
  };
}
