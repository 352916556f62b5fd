// Every /api call but health and webhooks is authenticated here; the user id comes only from a signed
// identity, never from a header or the body.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { BoundedMap } from '../domain/text/bounded-map';
import type { Services } from '../services';
import type { Identity, IdentityVerifier } from '../services/identity';
import type { StatusRows } from '../services/status-store';
import { ServiceError } from '../services/errors';
import { USER_NOT_FOUND, type UserService } from '../services/users';
import { fail, notFound } from './http';
import { requestHeader } from './observability';
import { readSessionCookie, sameOrigin } from './session-cookie';

/** `sessionId`: the browser session's cookie id, when the cookie signed the request in. */
export type AppEnv = {
  Variables: {
    userId: number;
    identity: Identity;
    sessionId?: string;
    /** The status rows read with the authentication (PostgreSQL: same statement as the profile's write). */
    statusRows?: StatusRows;
  };
};

/** What the cookie sign-in needs: the session store and our public address (for the Origin check). */
export interface CookieSessions {
  resolve: (id: string) => Promise<number | null>;
  publicUrl: () => string | null | undefined;
  /** The user's current token generation: a launch or session token of another one is refused. */
  tokenGeneration?: (userId: number) => Promise<number>;
}

/** A launch or session token signed before «Выйти везде» or the deletion of the account. */
export const TOKEN_REVOKED = 'token: вход отменён, откройте приложение заново';

/** Failed sign-ins allowed per client address and minute before answers turn into 429. */
export const FAILED_AUTH_PER_MINUTE = 30;

/** '::ffff:1.2.3.4' (an IPv4 client on a dual-stack socket) is '1.2.3.4'. */
export const normalizeAddress = (a: string) =>
  a
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/**
 * The client's address: the socket's peer, unless that peer is one of our own proxies; then the
 * X-Forwarded-For hops are read from the right, skipping our proxies, and the first other one is the
 * client. A header from anyone else is ignored: it could name any address (and lock that one out).
 */
export function clientAddress(c: Context, trusted: ReadonlySet<string>): string {
  let peer = 'unknown';
  // In-process requests (app.request) have no bindings: asked anyway, getConnInfo throws, and the error's
  // stack costs more than the rest of the lookup.
  if (c.env)
    try {
      peer = normalizeAddress(getConnInfo(c).remote.address ?? 'unknown');
    } catch {
      peer = 'unknown'; // no socket
    }
  if (!trusted.has(peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(normalizeAddress).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i])) return hops[i];
  return peer;
}

/**
 * Counts failed authentications per client address in this instance (a bounded map): enough to make
 * guessing or replaying initData slow. It only ever refuses requests whose initData is not valid.
 */
function failedAuthThrottle(trustedProxies: readonly string[]) {
  const trusted = new Set(trustedProxies.map(normalizeAddress));
  const windows = new BoundedMap<string, { start: number; count: number }>(50_000);
  const clientOf = (c: Context) => clientAddress(c, trusted);
  return {
    blockedFor(c: Context, now: number): number {
      const w = windows.get(clientOf(c));
      if (!w || now - w.start >= 60_000 || w.count < FAILED_AUTH_PER_MINUTE) return 0;
      return Math.ceil((w.start + 60_000 - now) / 1000);
    },
    fail(c: Context, now: number) {
      const key = clientOf(c);
      const w = windows.get(key);
      if (w && now - w.start < 60_000) w.count++;
      else {
        windows.set(key, { start: now, count: 1 });
      }
    },
  };
}

/**
 * The start parameter of a push's button (?startapp=push_daily, sent on by the app as X-Start-Param): a web_app
 * button's initData has none. Only a push's, so a header cannot claim someone's referral.
 */
const pushEntry = (header: string | undefined) => (header && /^push_[a-z_]{1,40}$/.test(header) ? header : null);

export const requireIdentity = (
  identity: IdentityVerifier,
  users: UserService,
  trustedProxies: readonly string[] = [],
  cookies?: CookieSessions,
) => {
  const throttle = failedAuthThrottle(trustedProxies);
  return createMiddleware<AppEnv>(async (c, next) => {
    const authorization = requestHeader(c, 'authorization');
    // Authorization decides when a request carries it; the browser session's cookie only without one.
    const cookie = !authorization && cookies ? readSessionCookie(c) : undefined;
    if (cookie && cookies) {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !sameOrigin(c, cookies.publicUrl()))
        return fail(c, 403, 'Origin: запрос с чужого сайта отклонён');
      const userId = await cookies.resolve(cookie);
      if (userId === null) return fail(c, 401, 'session: сессия закончилась, войдите снова');
      c.set('statusRows', await users.ensure(userId));
      c.set('identity', { userId, profile: null, startParam: null, via: 'cookie' });
      c.set('userId', userId);
      c.set('sessionId', cookie);
      return next();
    }
    const result = identity.verifyAuthorization(authorization);
    if (!result.ok) {
      const now = Date.now();
      // Valid initData is never refused: only failures count, and only failures are throttled.
      const wait = throttle.blockedFor(c, now);
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        return fail(c, 429, `Authorization: слишком много неудачных попыток входа, попробуйте через ${wait} сек`);
      }
      throttle.fail(c, now);
      return fail(c, 401, result.error);
    }
    const id = result.identity;
    // Checked before the user is written: a token of a deleted account must not create it anew.
    if (id.generation !== undefined && cookies?.tokenGeneration && (await cookies.tokenGeneration(id.userId)) !== id.generation)
      return fail(c, 401, TOKEN_REVOKED);
    c.set(
      'statusRows',
      id.profile
        ? await users.touchProfile(id.profile, id.startParam ?? pushEntry(requestHeader(c, 'x-start-param')))
        : await users.ensure(id.userId),
    );
    c.set('identity', id);
    c.set('userId', id.userId);
    await next();
    // The user's row was gone (deleted through another instance) on a path that does not restore it: the
    // profile this instance remembered is dropped, so the next call writes the user anew.
    if (c.error instanceof ServiceError && c.error.code === 'not_found' && c.error.message === USER_NOT_FOUND) users.forget(id.userId);
  });
};

/** Whether the signed-in user is an admin (ADMIN_USER_IDS): the one place the API asks. */
export const isAdmin = (s: Pick<Services, 'admin'>, userId: number) => s.admin.isAdmin(userId);

/**
 * The owner's calls (/api/admin/*: the dashboard, refunds, the micro debug status): anyone else gets the same
 * 404 as an unknown path, before the body is read, so nobody learns the calls exist.
 */
export const requireAdmin = (s: Pick<Services, 'admin'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!s.admin.isAdmin(c.get('userId'))) return notFound(c);
    await next();
  });
