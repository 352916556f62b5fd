// Who is calling: Telegram initData (validated with @tma.js/init-data-node) or a short-lived launch token
// the server signed itself (for the launches Telegram gives no initData). A bare user id is never trusted.
import crypto from 'node:crypto';
import { validate, sign } from '@tma.js/init-data-node';
import * as z from 'zod';
import { BoundedMap } from '../domain/text/bounded-map';
import type { LoginWidgetData } from '../domain/app/login-widget';
import type { TelegramProfile } from '../db/repositories/users';

const telegramUser = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(35).optional(),
  is_premium: z.boolean().optional(),
  photo_url: z.string().max(2048).optional(),
});

export type Identity = {
  userId: number;
  profile: TelegramProfile | null;
  startParam: string | null;
  via: 'initData' | 'launchToken' | 'sessionToken' | 'cookie';
  /**
   * A launch or session token's generation (services/web-auth.ts `tokenGeneration`): «Выйти везде» and deletion
   * move the user's on, and a token of another one is refused. Tokens signed before generations existed are 0.
   */
  generation?: number;
};

export type IdentityResult = { ok: true; identity: Identity } | { ok: false; error: string };

const LAUNCH_PREFIX = 'lt1.';
/** The in-memory token a launch or return token is exchanged for (never in a URL). */
const SESSION_PREFIX = 'st1.';

/** A widget sign-in is good for a day after Telegram signed it. */
export const LOGIN_WIDGET_MAX_AGE_S = 86400;

const VALIDATION_ERRORS: Record<string, string> = {
  ExpiredError: 'initData: срок действия истёк, откройте приложение заново',
  SignatureInvalidError: 'initData: подпись неверна',
  SignatureMissingError: 'initData: нет подписи (hash)',
  AuthDateInvalidError: 'initData: неверное поле auth_date',
};

export function createIdentity(opts: { botToken: string; maxAgeS: number; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  // The launch-token key is derived from the bot token, so every instance of one bot agrees on it.
  const launchKey = crypto.createHmac('sha256', 'TarotLaunchToken').update(opts.botToken).digest();
  const widgetKey = crypto.createHash('sha256').update(opts.botToken).digest();

  // A session sends the same initData on every call: remember what was verified until it expires.
  const verified = new BoundedMap<string, { identity: Identity; expiresAtMs: number }>(10_000);
  // The Authorization header as sent (initData or a launch or session token): its parsing and signature
  // check are done once per session, and only the expiry is checked again (the status call's path).
  const verifiedHeaders = new BoundedMap<string, { result: IdentityResult; expiresAtMs: number }>(10_000);

  function verifyInitData(raw: string): IdentityResult {
    const hit = verified.get(raw);
    if (hit) {
      if (hit.expiresAtMs > now().getTime()) return { ok: true, identity: hit.identity };
      verified.delete(raw);
    }
    const result = checkInitData(raw);
    if (result.ok) {
      const authDate = Number(new URLSearchParams(raw).get('auth_date'));
      verified.set(raw, { identity: result.identity, expiresAtMs: (authDate + opts.maxAgeS) * 1000 });
    }
    return result;
  }

  function checkInitData(raw: string): IdentityResult {
    if (raw.length > 8192) return { ok: false, error: 'initData: слишком длинные данные' };
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(raw);
    } catch {
      return { ok: false, error: 'initData: неверный формат' };
    }
    if (!params.get('hash')) return { ok: false, error: 'initData: нет подписи (hash)' };
    try {
      validate(params, opts.botToken, { expiresIn: opts.maxAgeS });
    } catch (err) {
      // Compared by name: the library's error classes exist once per module format (ESM and CJS).
      return { ok: false, error: VALIDATION_ERRORS[(err as Error)?.name] ?? 'initData: неверный формат' };
    }
    const rawUser = params.get('user');
    if (!rawUser) return { ok: false, error: 'initData: нет пользователя (user)' };
    let user: z.infer<typeof telegramUser>;
    try {
      const parsed = telegramUser.safeParse(JSON.parse(rawUser));
      if (!parsed.success) return { ok: false, error: 'initData: неверное поле user' };
      user = parsed.data;
    } catch {
      return { ok: false, error: 'initData: неверное поле user' };
    }
    const startParam = params.get('start_param');
    return {
      ok: true,
      identity: { userId: user.id, profile: user, startParam: startParam ? startParam.slice(0, 512) : null, via: 'initData' },
    };
  }

  function mac(payload: string): string {
    return crypto.createHmac('sha256', launchKey).update(payload).digest('base64url');
  }

  function verifyLaunchToken(token: string): IdentityResult {
    const m = /^(lt1|st1)\.(\d{1,16})\.(\d{1,12})(\.g(\d{1,9}))?\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return { ok: false, error: 'token: неверный формат' };
    // A session token's MAC covers its prefix, so a launch token can never pass as one (or back); both cover the generation.
    const signed = `${m[2]}.${m[3]}${m[4] ?? ''}`;
    const payload = m[1] === 'st1' ? `st1.${signed}` : signed;
    const expected = Buffer.from(mac(payload));
    const given = Buffer.from(m[6]);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, error: 'token: подпись неверна' };
    if (Number(m[3]) * 1000 < now().getTime()) return { ok: false, error: 'token: срок действия истёк, откройте приложение заново' };
    return {
      ok: true,
      identity: {
        userId: Number(m[2]),
        profile: null,
        startParam: null,
        via: m[1] === 'st1' ? 'sessionToken' : 'launchToken',
        generation: Number(m[5] ?? 0),
      },
    };
  }

  /** Checked as Telegram documents: HMAC-SHA-256 of the sorted fields, keyed by SHA-256 of the bot token. */
  function verifyLoginWidget(data: LoginWidgetData): IdentityResult {
    const { hash, ...fields } = data;
    const checkString = Object.keys(fields)
      .filter((k) => fields[k as keyof typeof fields] !== undefined)
      .sort()
      .map((k) => `${k}=${fields[k as keyof typeof fields]}`)
      .join('\n');
    const expected = Buffer.from(crypto.createHmac('sha256', widgetKey).update(checkString).digest('hex'));
    const given = Buffer.from(hash.toLowerCase());
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
      return { ok: false, error: 'hash: подпись Telegram неверна' };
    const age = now().getTime() / 1000 - data.auth_date;
    if (age > LOGIN_WIDGET_MAX_AGE_S || age < -300) return { ok: false, error: 'auth_date: вход устарел, войдите через Telegram ещё раз' };
    const profile: TelegramProfile = {
      id: data.id,
      first_name: data.first_name,
      last_name: data.last_name ?? null,
      username: data.username ?? null,
      photo_url: data.photo_url ?? null,
    };
    return { ok: true, identity: { userId: data.id, profile, startParam: null, via: 'cookie' } };
  }

  return {
    /** `lt1.<userId>.<expiresAtSeconds>.g<generation>.<mac>`: valid for `ttlS` seconds while the generation is the user's. */
    signLaunchToken(userId: number, ttlS = 3600, generation = 0): string {
      const payload = `${userId}.${Math.floor(now().getTime() / 1000) + ttlS}.g${generation}`;
      return `${LAUNCH_PREFIX}${payload}.${mac(payload)}`;
    },

    verifyLaunchToken,

    /** `st1.<userId>.<expiresAtSeconds>.g<generation>.<mac>`: what a launch or return token is exchanged for, kept in memory. */
    signSessionToken(userId: number, ttlS: number, generation = 0): string {
      const payload = `${userId}.${Math.floor(now().getTime() / 1000) + ttlS}.g${generation}`;
      return `${SESSION_PREFIX}${payload}.${mac(`${SESSION_PREFIX}${payload}`)}`;
    },

    verifyLoginWidget,

    /** Signs the Login Widget's fields as Telegram does (local mode's stand-in and the tests). */
    signLoginWidget(user: TelegramProfile, authDate: Date = now()): LoginWidgetData {
      const fields: Omit<LoginWidgetData, 'hash'> = {
        id: user.id,
        first_name: user.first_name,
        auth_date: Math.floor(authDate.getTime() / 1000),
      };
      if (user.last_name) fields.last_name = user.last_name;
      if (user.username) fields.username = user.username;
      if (user.photo_url) fields.photo_url = user.photo_url;
      const checkString = Object.entries(fields)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}=${v}`)
        .join('\n');
      return { ...fields, hash: crypto.createHmac('sha256', widgetKey).update(checkString).digest('hex') };
    },

    /** The Authorization header's value: `tma <initData>`, `Bearer <initData>` or `Bearer lt1.…`. */
    verifyAuthorization(header: string | undefined): IdentityResult {
      if (!header) return { ok: false, error: 'Authorization: нужны данные запуска Telegram (tma <initData>)' };
      const hit = verifiedHeaders.get(header);
      if (hit) {
        if (hit.expiresAtMs > now().getTime()) return hit.result;
        verifiedHeaders.delete(header);
      }
      const m = /^(tma|bearer)\s+(.+)$/is.exec(header.trim());
      if (!m) return { ok: false, error: 'Authorization: ожидается «tma <initData>»' };
      const value = m[2].trim();
      const token = value.startsWith(LAUNCH_PREFIX) || value.startsWith(SESSION_PREFIX);
      const result = token ? verifyLaunchToken(value) : verifyInitData(value);
      if (result.ok) {
        // A token is valid up to and including its expiry's millisecond; initData until `verified` says.
        const expiresAtMs = token ? Number(value.split('.')[2]) * 1000 + 1 : verified.get(value)?.expiresAtMs;
        if (expiresAtMs !== undefined) verifiedHeaders.set(header, { result, expiresAtMs });
      }
      return result;
    },

    /** Signs initData exactly as Telegram does (local mode's /dev/launch and the tests). */
    signInitData(user: TelegramProfile, extra: { startParam?: string; authDate?: Date } = {}): string {
      const u: Record<string, unknown> = { id: user.id, first_name: user.first_name };
      for (const k of ['last_name', 'username', 'language_code', 'is_premium', 'photo_url'] as const) if (user[k] != null) u[k] = user[k];
      return sign(
        { user: u as any, ...(extra.startParam ? { start_param: extra.startParam } : {}), chat_type: 'sender', chat_instance: '1' } as any,
        opts.botToken,
        extra.authDate ?? now(),
      );
    },
  };
}

export type IdentityVerifier = ReturnType<typeof createIdentity>;
