// The headers every API answer carries and the request id's rule: plain data with no Hono, so that the
// start-up's early server (scripts/early-server.ts) answers /api/health with them before Hono has loaded.

/**
 * node:crypto as Node holds it already: imported as an ES module it is given a facade that reads every export,
 * Web Crypto's among them, about 2 ms of the start before the health answer.
 */
const { randomUUID } = process.getBuiltinModule('node:crypto');

export const HSTS: [string, string] = ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'];
export const NOSNIFF: [string, string] = ['X-Content-Type-Options', 'nosniff'];

/**
 * The API's answers are data, never a page: nothing may run, load or frame them (the policy OWASP gives
 * for REST answers). Inline styles are allowed for the browser's own viewer: a share picture opened from its
 * link is then shown centred and fitted to the screen. The page-only headers would only cost every call
 * their bytes and checks.
 */
const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
export const API_HEADERS: [string, string][] = [['Content-Security-Policy', API_CSP], HSTS, NOSNIFF];

/** The client's X-Request-Id when it is a sane one (it goes into every log line), else a new one. */
export const requestIdFrom = (given: string | undefined): string => (given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID());
