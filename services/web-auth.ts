// Browser sign-in: one-time tokens (the bot's /web link, a payment's return) and cookie sessions. Only
// hashes are stored; the random values exist in the user's link or cookie alone.
import crypto from 'node:crypto';
import { deleteEndedLimits, takeLimitSlot } from '../db/repositories/rate-limits';
import * as repo from '../db/repositories/web-auth';
import { BROWSER_SESSION_DAYS, RETURN_LINK_MINUTES, SIGN_IN_LINK_MINUTES } from '../domain/app/user-data';
import { formatDurationWords } from '../domain/text/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { addressKey, userKey } from './user-key';

/** The bot's sign-in link: ten minutes, once. */
export const LINK_TOKEN_TTL_MS = SIGN_IN_LINK_MINUTES * 60_000;
/** A payment's return address: thirty minutes, once. */
export const RETURN_TOKEN_TTL_MS = RETURN_LINK_MINUTES * 60_000;
/** A browser session: thirty days from the last time it was used. */
export const SESSION_TTL_MS = BROWSER_SESSION_DAYS * 24 * 3600_000;
/** A session's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 10 * 60_000;
/** Live browser sessions per user: a new one beyond this ends the least recently used. */
export const MAX_SESSIONS_PER_USER = 10;

/**
 * Sign-ins counted per hashed Telegram id and per hashed client address (only valid ones: nobody can lock a user
 * out with forged payloads). `session`: a cookie session (Login Widget, the bot's link); `exchange`: a URL token
 * for an in-memory one (each launch of the app from the keyboard or a payment's return).
 */
export const SIGN_IN_LIMITS = {
  session: { limit: 10, windowS: 3600 },
  exchange: { limit: 60, windowS: 3600 },
  address: { limit: 60, windowS: 600 },
} as const;
const LONGEST_SIGN_IN_WINDOW_S = Math.max(...Object.values(SIGN_IN_LIMITS).map((l) => l.windowS));

const hash = (raw: string) => crypto.createHash('sha256').update(raw).digest('base64url');
const randomToken = () => crypto.randomBytes(32).toString('base64url');
/** Tokens and cookie ids are 43 base64url characters; anything else is not ours and reaches no query. */
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export const TOKEN_REFUSED = 'token: ссылка уже использована или устарела, войдите снова';

export function createWebAuthService(deps: ServiceDeps) {
  const db = deps.db;
  const subject = (userId: number) => userKey(deps.serverSecret, userId);

  async function take(key: string, kind: keyof typeof SIGN_IN_LIMITS): Promise<void> {
    const l = SIGN_IN_LIMITS[kind];
    const wait = await takeLimitSlot(db, { name: `sign_in:${kind}`, key }, deps.clock(), l.limit, l.windowS);
    if (wait !== null)
      throw new ServiceError('limit_reached', `Слишком много входов. Попробуйте через ${formatDurationWords(wait * 1000)}.`, {
        retryAfterSeconds: wait,
      });
  }

  async function issue(userId: number, kind: 'link' | 'return', ttlMs: number): Promise<string> {
    const token = randomToken();
    await repo.insertToken(db, { tokenHash: hash(token), userId, kind, expiresAt: new Date(deps.clock().getTime() + ttlMs) });
    return token;
  }

  async function spend(token: string, kind: 'link' | 'return'): Promise<number> {
    if (!WELL_FORMED.test(token)) throw new ServiceError('unauthorized', TOKEN_REFUSED);
    const row = await repo.spendToken(db, hash(token), kind, deps.clock());
    if (!row) throw new ServiceError('unauthorized', TOKEN_REFUSED);
    return row.user_id;
  }

  return {
    /** The bot's /web: a link token for `PUBLIC_URL/auth/<token>`. */
    createLinkToken: (userId: number) => issue(userId, 'link', LINK_TOKEN_TTL_MS),
    /** A payment's return address carries one of these instead of a reusable bearer token. */
    createReturnToken: (userId: number) => issue(userId, 'return', RETURN_TOKEN_TTL_MS),
    /** Spends a link token (401 when used, expired or unknown); its user. */
    spendLinkToken: (token: string) => spend(token, 'link'),
    spendReturnToken: (token: string) => spend(token, 'return'),

    /**
     * A valid sign-in of `userId` from `address`, counted per user and per address (429 past either limit):
     * called after the signature or token was checked, before anything is made of it.
     */
    async admitSignIn(userId: number, address: string, kind: 'session' | 'exchange'): Promise<void> {
      await take(addressKey(deps.serverSecret, address), 'address');
      await take(subject(userId), kind);
    },

    /**
     * A new browser session for the user; the raw id goes into the cookie and nowhere else. Beyond
     * MAX_SESSIONS_PER_USER the least recently used ones end.
     */
    async startSession(userId: number, device: string): Promise<string> {
      const id = randomToken();
      const now = deps.clock();
      await db.transaction().execute(async (trx) => {
        await repo.insertSession(trx, {
          idHash: hash(id),
          userId,
          device: device.slice(0, 120),
          now,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        });
        await repo.trimSessions(trx, userId, MAX_SESSIONS_PER_USER);
      });
      return id;
    },

    /** The generation the user's new st1/lt1 tokens carry; a token of another one is refused. */
    tokenGeneration: (userId: number) => repo.findGeneration(db, subject(userId)),

    /** The session's user, sliding its expiry; null for an unknown, ended or expired one. */
    async resolveSession(id: string): Promise<number | null> {
      if (!WELL_FORMED.test(id)) return null;
      const now = deps.clock();
      const row = await repo.findLiveSession(db, hash(id), now);
      if (!row) return null;
      if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_EVERY_MS)
        await repo.touchSession(db, row.id_hash, now, new Date(now.getTime() + SESSION_TTL_MS));
      return Number(row.user_id);
    },

    /** The user's browser sessions for settings; `current` marks the one asking. */
    async list(userId: number, currentId?: string | null) {
      const current = currentId ? hash(currentId) : null;
      const rows = await repo.listSessions(db, userId, deps.clock());
      return rows.map((r) => ({
        id: r.id_hash,
        device: r.device,
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        current: r.id_hash === current,
      }));
    },

    /** «Выйти» on one session (404 when it is not the user's). */
    async end(userId: number, id: string): Promise<void> {
      if ((await repo.deleteSessions(db, userId, id)) === 0) throw new ServiceError('not_found', 'id: сессия не найдена');
    },

    /** Signs the cookie's own session out (nothing when it is already gone). */
    async endByCookie(cookieId: string): Promise<void> {
      if (!WELL_FORMED.test(cookieId)) return;
      await repo.deleteSessionByHash(db, hash(cookieId));
    },

    /**
     * «Выйти везде»: every browser session, every st1/lt1 token (their generation moves on) and every unspent
     * sign-in link or return token ends at once. How many sessions ended.
     */
    endAll: (userId: number) =>
      db.transaction().execute(async (trx) => {
        await repo.bumpGeneration(trx, subject(userId));
        await repo.deleteUnspentTokens(trx, userId);
        return repo.deleteSessions(trx, userId);
      }),

    cleanup: async () => {
      await repo.deleteExpired(db, deps.clock());
      // Sign-in counts whose window ended: nothing about who signed in from where outlives it.
      await deleteEndedLimits(db, 'sign_in:', deps.clock(), LONGEST_SIGN_IN_WINDOW_S);
    },
  };
}
