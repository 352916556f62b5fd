// Browser sign-in: one-time tokens (the bot's /web link, a payment's return) and cookie sessions. Only
// hashes are stored; the random values exist in the user's link or cookie alone.
import crypto from 'node:crypto';
import * as repo from '../db/repositories/web-auth';
import { BROWSER_SESSION_DAYS, RETURN_LINK_MINUTES, SIGN_IN_LINK_MINUTES } from '../domain/user-data';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';

/** The bot's sign-in link: ten minutes, once. */
export const LINK_TOKEN_TTL_MS = SIGN_IN_LINK_MINUTES * 60_000;
/** A payment's return address: thirty minutes, once. */
export const RETURN_TOKEN_TTL_MS = RETURN_LINK_MINUTES * 60_000;
/** A browser session: thirty days from the last time it was used. */
export const SESSION_TTL_MS = BROWSER_SESSION_DAYS * 24 * 3600_000;
/** A session's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 10 * 60_000;

const hash = (raw: string) => crypto.createHash('sha256').update(raw).digest('base64url');
const randomToken = () => crypto.randomBytes(32).toString('base64url');
/** Tokens and cookie ids are 43 base64url characters; anything else is not ours and reaches no query. */
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export const TOKEN_REFUSED = 'token: ссылка уже использована или устарела, войдите снова';

export function createWebAuthService(deps: ServiceDeps) {
  const db = deps.db;

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

    /** A new browser session for the user; the raw id goes into the cookie and nowhere else. */
    async startSession(userId: number, device: string): Promise<string> {
      const id = randomToken();
      const now = deps.clock();
      await repo.insertSession(db, {
        idHash: hash(id),
        userId,
        device: device.slice(0, 120),
        now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      });
      return id;
    },

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

    /** «Выйти везде»: how many sessions ended. */
    endAll: (userId: number) => repo.deleteSessions(db, userId),

    cleanup: () => repo.deleteExpired(db, deps.clock()),
  };
}
