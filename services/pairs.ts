// Readings for two: a VIP user invites someone by a single-use link valid 7 days; the pair exists only once the
// other accepts. Either member sees the pair's synastry (both charts, while both are in it) and its readings;
// only the inviter asks new ones (with VIP, services/readings.ts `createForPair`); either may leave at any time.
import crypto from 'node:crypto';
import * as pairsRepo from '../db/repositories/pairs';
import { canUseSpread, entitlementOf } from '../domain/commerce/entitlement';
import { spreadOf } from '../domain/tarot/spreads';
import {
  missingTimeNote,
  pointName,
  pointSymbol,
  SYNASTRY_POINTS,
  synastryAspects,
  type SynastryAspect,
  type SynastryPoint,
} from '../domain/astro/synastry';
import { DAY_MS } from '../domain/text/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { synastryPointsOf } from './natal';
import { readingView, type ReadingView } from './readings';
import { takeUserLimit } from './user-limits';
import type { UserService } from './users';

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 7;
/** The Mini App's start parameter of an invitation: `pair_<token>`. */
export const PAIR_START_PREFIX = 'pair_';

const hash = (raw: string) => crypto.createHash('sha256').update(raw).digest('base64url');
const notFound = () => new ServiceError('not_found', 'Пара не найдена');

export interface SynastryView {
  /** Null when the picture cannot be drawn (`reason` says why). */
  aspects: SynastryAspect[] | null;
  reason: string | null;
  /** Why the ascendant is left out (a birth time unknown), or null. */
  note: string | null;
  /** Each person's points (longitudes), for the picture: the viewer first. */
  points: { key: SynastryPoint; name: string; symbol: string; me: number | null; partner: number | null }[];
}

export interface PairView {
  id: number;
  role: 'inviter' | 'partner';
  /** False once a member has left: nothing new is asked or shared across it. */
  active: boolean;
  partner: { name: string; left: boolean };
  createdAt: string;
  /** Only the inviter asks the pair's readings, and only with VIP. */
  canAsk: boolean;
  askNote: string | null;
  synastry: SynastryView;
  readings: ReadingView[];
}

/** The key an invitation's token is sealed with for the partner's choice: derived from the server's secret. */
const sealKey = (serverSecret: string) => crypto.createHash('sha256').update(`pair-invitation:${serverSecret}`).digest();

/** The token sealed (AES-256-GCM): nonce, tag and ciphertext in base64url. */
function sealToken(serverSecret: string, token: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The token back, or null when it was sealed under another secret (the secret was changed since). */
function openToken(serverSecret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey(serverSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function createPairService(deps: ServiceDeps, users: UserService) {
  const db = deps.db;

  async function synastry(meId: number, partnerId: number, partnerName: string, active: boolean): Promise<SynastryView> {
    const empty = (reason: string): SynastryView => ({ aspects: null, reason, note: null, points: [] });
    if (!active) return empty('Партнёр больше не в паре: его карта не показывается.');
    const [me, partner] = await Promise.all([synastryPointsOf(db, meId), synastryPointsOf(db, partnerId)]);
    if (!me && !partner) return empty('Совместимость появится, когда вы оба заполните натальную карту.');
    if (!me) return empty('Заполните свою натальную карту, чтобы увидеть совместимость.');
    if (!partner) return empty(`${partnerName} ещё не заполнил(а) натальную карту.`);
    const names = { first: 'у вас', second: `у партнёра` };
    const noAsc = { ...me, ascendant: partner.ascendant === null ? null : me.ascendant };
    const noAscP = { ...partner, ascendant: me.ascendant === null ? null : partner.ascendant };
    return {
      aspects: synastryAspects(noAsc, noAscP, names),
      reason: null,
      note: missingTimeNote(me.hasTime, partner.hasTime, { first: 'у вас', second: 'у партнёра' }),
      points: SYNASTRY_POINTS.filter((k) => noAsc[k] !== null).map((k) => ({
        key: k,
        name: pointName(k),
        symbol: pointSymbol(k),
        me: noAsc[k],
        partner: noAscP[k],
      })),
    };
  }

  /** The caller's membership row (not left), or 404 as for a missing pair. */
  async function membership(userId: number, pairId: number) {
    const members = await pairsRepo.membersOf(db, pairId);
    const me = members.find((m) => m.user_id === userId && m.left_at === null);
    if (!me) throw notFound();
    const other = members.find((m) => m.user_id !== userId);
    const pair = await pairsRepo.findPair(db, pairId);
    return {
      me,
      other,
      active: !!pair && pair.ended_at === null && !!other && other.left_at === null,
      createdAt: pair?.created_at ?? me.joined_at,
    };
  }

  const nameOf = (m: { first_name: string | null; username: string | null } | undefined) =>
    m?.first_name?.trim() || (m?.username ? `@${m.username}` : 'Партнёр');

  const invitationText = (name: string) =>
    `${name} приглашает вас в «Расклад на двоих»: совместимость ваших натальных карт и общий расклад. Приглашение одноразовое и действует ${INVITATION_DAYS} дней.`;

  /**
   * The invitation as a message the Mini App sends with shareMessage (Bot API savePreparedInlineMessage): its
   * text and a button with the link. Null when the bot cannot prepare one; the app then opens Telegram's share
   * sheet with the link.
   */
  async function preparedInvitation(userId: number, name: string, link: string): Promise<string | null> {
    const save = deps.share?.savePreparedInlineMessage;
    if (!save) return null;
    const text = invitationText(name);
    try {
      const prepared = await save(
        userId,
        {
          type: 'article',
          id: `pair-${crypto.randomBytes(6).toString('hex')}`,
          title: 'Расклад на двоих',
          description: text,
          input_message_content: { message_text: text },
          reply_markup: { inline_keyboard: [[{ text: '💞 Принять приглашение', url: link }]] },
        },
        { allow_user_chats: true, allow_bot_chats: false, allow_group_chats: false, allow_channel_chats: false },
      );
      return prepared.id;
    } catch {
      return null;
    }
  }

  /**
   * Choosing the partner in Telegram (Mini Apps requestChat, Bot API 9.6): a prepared request_users button whose
   * request id is stored on the invitation with its token sealed by the server's secret; the chosen person comes
   * to the bot as `users_shared` with it, on whichever instance and after a restart alike.
   */
  async function partnerButton(userId: number, token: string): Promise<string | null> {
    const save = deps.share?.savePreparedKeyboardButton;
    if (!save) return null;
    const requestId = crypto.randomInt(1, 2 ** 31 - 1);
    try {
      const prepared = await save(userId, {
        text: 'Выбрать партнёра',
        request_users: { request_id: requestId, user_is_bot: false, max_quantity: 1, request_name: true },
      });
      await pairsRepo.setPartnerRequest(db, hash(token), requestId, sealToken(deps.serverSecret, token));
      return prepared.id;
    } catch {
      return null;
    }
  }

  return {
    /** POST /api/pairs: a single-use invitation (VIP only), `{ token, link }`. */
    async invite(userId: number): Promise<{
      token: string;
      link: string | null;
      startParam: string;
      expiresAt: string;
      preparedMessageId: string | null;
      partnerButtonId: string | null;
    }> {
      const user = await users.requireUser(userId);
      const spread = spreadOf('pair_reading');
      if (!canUseSpread(entitlementOf(user, deps.clock(), deps.specialAccessUserIds), spread).ok)
        throw new ServiceError('payment_required', `Пригласить в «${spread.name}» можно с VIP-подпиской.`, {
          requiredPlan: 'vip',
          redirect: '/subscription',
        });
      await takeUserLimit(db, userId, 'pair_invitation', deps.clock());
      const token = crypto.randomBytes(24).toString('base64url');
      const expiresAt = new Date(deps.clock().getTime() + INVITATION_DAYS * DAY_MS);
      await pairsRepo.insertInvitation(db, userId, hash(token), expiresAt);
      const startParam = `${PAIR_START_PREFIX}${token}`;
      const bot = (await deps.share?.botUsername().catch(() => null)) ?? null;
      const link = bot ? `https://t.me/${bot}?startapp=${startParam}` : null;
      return {
        token,
        link,
        startParam,
        expiresAt: expiresAt.toISOString(),
        preparedMessageId: link ? await preparedInvitation(userId, nameOf(user), link) : null,
        partnerButtonId: link ? await partnerButton(userId, token) : null,
      };
    },

    /**
     * The person the inviter chose with the prepared button (the bot's `users_shared`): the invitation to send
     * them (the same link the app shows), once; null when the request is not this inviter's, or its invitation
     * was used or has expired.
     */
    async chosenPartner(inviterId: number, requestId: number): Promise<{ text: string; link: string } | null> {
      const bot = (await deps.share?.botUsername().catch(() => null)) ?? null;
      if (!bot) return null;
      const token = await db.transaction().execute(async (trx) => {
        const inv = await pairsRepo.lockInvitationByPartnerRequest(trx, inviterId, requestId);
        if (!inv?.partner_token_sealed) return null;
        await pairsRepo.clearPartnerRequest(trx, inv.token_hash);
        return inv.expires_at > deps.clock() ? openToken(deps.serverSecret, inv.partner_token_sealed) : null;
      });
      if (!token) return null;
      const inviter = await users.requireUser(inviterId);
      return { text: invitationText(nameOf(inviter)), link: `https://t.me/${bot}?startapp=${PAIR_START_PREFIX}${token}` };
    },

    /** What the consent screen shows before accepting: who invites, and whether the link still works. */
    async invitation(userId: number, token: string): Promise<{ inviter: string; expiresAt: string; own: boolean }> {
      const inv = await pairsRepo.findInvitation(db, hash(token));
      if (!inv) throw new ServiceError('not_found', 'token: приглашение не найдено');
      if (inv.used_at) throw new ServiceError('conflict', 'token: приглашение уже использовано');
      if (inv.expires_at <= deps.clock()) throw new ServiceError('conflict', 'token: срок приглашения истёк');
      const inviter = await users.requireUser(inv.inviter_id);
      return { inviter: nameOf(inviter), expiresAt: inv.expires_at.toISOString(), own: inv.inviter_id === userId };
    },

    /** POST /api/pairs/accept: the pair is formed now, once (the invitation is spent in the same transaction). */
    async accept(userId: number, token: string): Promise<PairView> {
      await users.requireUser(userId);
      const pairId = await db.transaction().execute(async (trx) => {
        const inv = await pairsRepo.lockInvitation(trx, hash(token));
        if (!inv) throw new ServiceError('not_found', 'token: приглашение не найдено');
        if (inv.used_at) throw new ServiceError('conflict', 'token: приглашение уже использовано');
        if (inv.expires_at <= deps.clock()) throw new ServiceError('conflict', 'token: срок приглашения истёк');
        if (inv.inviter_id === userId)
          throw new ServiceError('bad_input', 'token: это ваше собственное приглашение — отправьте его партнёру');
        if (await pairsRepo.activePairOf(trx, inv.inviter_id, userId))
          throw new ServiceError('conflict', 'token: вы уже в паре с этим человеком');
        const id = await pairsRepo.insertPair(trx, inv.inviter_id, userId, deps.clock());
        await pairsRepo.markInvitationUsed(trx, inv.token_hash, id, deps.clock());
        return id;
      });
      return this.get(userId, pairId);
    },

    /** GET /api/pairs: the pairs the user is in (and has not left), newest first. */
    async list(userId: number) {
      const ids = await pairsRepo.pairIdsOf(db, userId);
      const pairs = await Promise.all(
        ids.map(async (id) => {
          const m = await membership(userId, id);
          return {
            id,
            role: m.me.role,
            active: m.active,
            partner: { name: nameOf(m.other), left: !m.active },
            createdAt: m.createdAt.toISOString(),
          };
        }),
      );
      return { pairs };
    },

    /** GET /api/pairs/:id: 404 for anyone outside the pair (and for a member who left). */
    async get(userId: number, pairId: number): Promise<PairView> {
      const m = await membership(userId, pairId);
      const partnerName = nameOf(m.other);
      // Once the pair is over, its readings stay only with their asker.
      const rows = await pairsRepo.readingsOf(db, pairId, userId, m.active ? undefined : userId);
      const user = await users.requireUser(userId);
      const vip = canUseSpread(entitlementOf(user, deps.clock(), deps.specialAccessUserIds), spreadOf('pair_reading')).ok;
      const canAsk = m.active && m.me.role === 'inviter' && vip;
      return {
        id: pairId,
        role: m.me.role,
        active: m.active,
        partner: { name: partnerName, left: !m.active },
        createdAt: m.createdAt.toISOString(),
        canAsk,
        askNote: !m.active
          ? 'Пара распалась: новые расклады на двоих недоступны.'
          : m.me.role !== 'inviter'
            ? 'Расклад на двоих задаёт пригласивший; вы увидите его здесь.'
            : vip
              ? null
              : 'Новые расклады на двоих доступны с VIP-подпиской. Всё, что уже есть, остаётся с вами.',
        synastry: await synastry(userId, m.other?.user_id ?? 0, partnerName, m.active),
        readings: rows.map(readingView),
      };
    },

    /** DELETE /api/pairs/:id: the caller leaves; the pair ends for both. */
    async leave(userId: number, pairId: number): Promise<{ left: true }> {
      await membership(userId, pairId);
      if (!(await pairsRepo.leave(db, pairId, userId, deps.clock()))) throw notFound();
      return { left: true };
    },
  };
}
