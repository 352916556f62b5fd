// Every /api call but health and webhooks is authenticated here; the user id comes only from a signed
// identity, never from a header or the body.
import { createMiddleware } from 'hono/factory';
import type { Identity, IdentityVerifier } from '../services/identity';
import type { UserService } from '../services/users';
import { fail } from './http';

export type AppEnv = { Variables: { userId: number; identity: Identity } };

export const requireIdentity = (identity: IdentityVerifier, users: UserService) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const result = identity.verifyAuthorization(c.req.header('authorization'));
    if (!result.ok) return fail(c, 401, result.error);
    const id = result.identity;
    if (id.profile) await users.touchProfile(id.profile, id.startParam);
    else await users.ensure(id.userId);
    c.set('identity', id);
    c.set('userId', id.userId);
    await next();
  });
