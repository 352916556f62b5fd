// Browser sign-in (the Login Widget, the bot's one-time link), the exchange of a URL token for one kept in
// memory, and the user's browser sessions. The sign-in calls come before the identity check (the caller
// has none yet); the sessions list is behind it.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services';
import type { IdentityVerifier } from '../../services/identity';
import { TOKEN_REFUSED } from '../../services/web-auth';
import { clientAddress, normalizeAddress, TOKEN_REVOKED, type AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { clearSessionCookie, deviceName, readSessionCookie, sameOrigin, writeSessionCookie } from '../session-cookie';

/** What an exchanged token is worth in memory: a working day, gone when the app closes. */
const SESSION_TOKEN_TTL_S = 12 * 3600;

const widgetBody = z.object({
  id: z.number({ error: 'ожидается число' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string({ error: 'ожидается строка' }).min(1).max(256),
  last_name: z.string({ error: 'ожидается строка' }).max(256).optional(),
  username: z.string({ error: 'ожидается строка' }).max(64).optional(),
  photo_url: z.string({ error: 'ожидается строка' }).max(2048).optional(),
  auth_date: z.number({ error: 'ожидается число' }).int().positive(),
  hash: z.string({ error: 'ожидается строка' }).regex(/^[0-9a-f]{64}$/i, 'ожидается подпись Telegram'),
});

const tokenBody = z.object({ token: z.string({ error: 'ожидается строка' }).min(1, 'нужен токен').max(300, 'не больше 300 символов') });

const sessionParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'ожидается id сессии') });

/** A sign-in that sets a cookie must come from our own page (no one else may sign a browser in). */
const fromOurPage = (s: Services, c: Context) => sameOrigin(c, s.payments.publicUrl());

async function signIn(s: Services, c: Context, userId: number) {
  const id = await s.webAuth.startSession(userId, deviceName(c.req.header('user-agent')));
  writeSessionCookie(c, id);
}

export const authSignInRoutes = (s: Services, identity: IdentityVerifier, trustedProxies: readonly string[]) => {
  const trusted = new Set(trustedProxies.map(normalizeAddress));
  /** Counts a valid sign-in per Telegram id and per client address (429 past either). */
  const admit = (c: Context, userId: number, kind: 'session' | 'exchange') =>
    s.webAuth.admitSignIn(userId, clientAddress(c, trusted), kind);
  return (
    new Hono<AppEnv>()
      .post('/telegram-login', validate('json', widgetBody), async (c) => {
        if (!fromOurPage(s, c)) return fail(c, 403, 'Origin: запрос с чужого сайта отклонён');
        const result = identity.verifyLoginWidget(c.req.valid('json'));
        if (!result.ok) return fail(c, 401, result.error);
        await admit(c, result.identity.userId, 'session');
        await s.users.touchProfile(result.identity.profile!, null);
        await signIn(s, c, result.identity.userId);
        return ok(c, { signedIn: true as const });
      })
      .post('/link', validate('json', tokenBody), async (c) => {
        if (!fromOurPage(s, c)) return fail(c, 403, 'Origin: запрос с чужого сайта отклонён');
        const userId = await s.webAuth.spendLinkToken(c.req.valid('json').token);
        await admit(c, userId, 'session');
        await s.users.ensure(userId);
        await signIn(s, c, userId);
        return ok(c, { signedIn: true as const });
      })
      // A launch token (reusable within its lifetime) or a payment's return token (once) for a token the app
      // keeps in memory: the URL's token leaves the address bar and never reaches another request.
      .post('/exchange', validate('json', tokenBody), async (c) => {
        const { token } = c.req.valid('json');
        let userId: number;
        let generation: number;
        if (token.startsWith('lt1.')) {
          const r = identity.verifyLaunchToken(token);
          if (!r.ok || r.identity.via !== 'launchToken') return fail(c, 401, TOKEN_REFUSED);
          userId = r.identity.userId;
          generation = await s.webAuth.tokenGeneration(userId);
          if (r.identity.generation !== generation) return fail(c, 401, TOKEN_REVOKED);
        } else {
          userId = await s.webAuth.spendReturnToken(token);
          generation = await s.webAuth.tokenGeneration(userId);
        }
        await admit(c, userId, 'exchange');
        return ok(c, { token: identity.signSessionToken(userId, SESSION_TOKEN_TTL_S, generation) });
      })
      .post('/logout', async (c) => {
        const id = readSessionCookie(c);
        if (id) {
          if (!fromOurPage(s, c)) return fail(c, 403, 'Origin: запрос с чужого сайта отклонён');
          await s.webAuth.endByCookie(id);
        }
        clearSessionCookie(c);
        return ok(c, { signedOut: true as const });
      })
  );
};

export const authSessionRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/sessions', async (c) => ok(c, { sessions: await s.webAuth.list(c.var.userId, c.var.sessionId) }))
    .delete('/sessions/:id', validate('param', sessionParam), async (c) => {
      await s.webAuth.end(c.var.userId, c.req.valid('param').id);
      return ok(c, { ended: 1 });
    })
    // «Выйти везде»
    .delete('/sessions', async (c) => {
      const ended = await s.webAuth.endAll(c.var.userId);
      if (c.var.sessionId) clearSessionCookie(c);
      return ok(c, { ended });
    });
