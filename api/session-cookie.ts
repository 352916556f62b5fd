// The browser session's cookie and the checks that go with it: HttpOnly, SameSite=Lax, Secure except on
// plain-HTTP localhost; a state-changing call that relies on the cookie must come from our own origin.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_TTL_MS } from '../services/web-auth';

export const SESSION_COOKIE = 'tarot_session';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure everywhere but a plain-HTTP loopback address (local mode and the tests), where a browser would drop it. */
function secureFor(c: Context): boolean {
  const url = new URL(c.req.url);
  return !(url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

export const readSessionCookie = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE);

export function writeSessionCookie(c: Context, id: string) {
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    secure: secureFor(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureFor(c), httpOnly: true, sameSite: 'Lax' });
}

/**
 * A state-changing request carried by the cookie must name our origin: the request's own host, or the
 * public address. A missing Origin is refused too (browsers send it on every POST, PUT and DELETE).
 */
export function sameOrigin(c: Context, publicUrl: string | null | undefined): boolean {
  const origin = c.req.header('origin');
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const own = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
  if (host === own) return true;
  if (!publicUrl) return false;
  try {
    return new URL(publicUrl).origin === origin;
  } catch {
    return false;
  }
}

/** A short name of the browser and system for the sessions list («Chrome · Windows»). */
export function deviceName(ua: string | undefined): string {
  if (!ua) return 'Браузер';
  const browser = /YaBrowser\//.test(ua)
    ? 'Яндекс Браузер'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /OPR\//.test(ua)
        ? 'Opera'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Браузер';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return system ? `${browser} · ${system}` : browser;
}
