// Every /api call but health and webhooks is authenticated here; the user id comes only from a signed
// identity, never from a header or the body.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import type { Identity, IdentityVerifier } from '../services/identity';
import type { UserService } from '../services/users';
import { fail } from './http';

export type AppEnv = { Variables: { userId: number; identity: Identity } };

/** Failed sign-ins allowed per client address and minute before answers turn into 429. */
export const FAILED_AUTH_PER_MINUTE = 30;

/**
 * Counts failed authentications per client address in this instance (a bounded map): enough to make
 * guessing or replaying initData slow; behind a load balancer the last X-Forwarded-For hop is the client.
 */
function failedAuthThrottle() {
  const windows = new Map<string, { start: number; count: number }>();
  const clientOf = (c: Context) => {
    const forwarded = c.req.header('x-forwarded-for');
    if (forwarded) return forwarded.split(',').pop()!.trim();
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown'; // no socket (in-process requests)
    }
  };
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
        if (windows.size >= 50_000) windows.delete(windows.keys().next().value!);
        windows.set(key, { start: now, count: 1 });
      }
    },
  };
}

export const requireIdentity = (identity: IdentityVerifier, users: UserService) => {
  const throttle = failedAuthThrottle();
  return createMiddleware<AppEnv>(async (c, next) => {
    const now = Date.now();
    const wait = throttle.blockedFor(c, now);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return fail(c, 429, `Authorization: слишком много неудачных попыток входа, попробуйте через ${wait} сек`);
    }
    const result = identity.verifyAuthorization(c.req.header('authorization'));
    if (!result.ok) {
      throttle.fail(c, now);
      return fail(c, 401, result.error);
    }
    const id = result.identity;
    if (id.profile) await users.touchProfile(id.profile, id.startParam);
    else await users.ensure(id.userId);
    c.set('identity', id);
    c.set('userId', id.userId);
    await next();
  });
};
