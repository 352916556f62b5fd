// domain/app/: the app's own records — its routes, the Login Widget's check, the registry of user data
// (export and deletion), the analytics events, and the dashboard's percentiles.
//
// The Mini App's routes (the reading and paid screens, plus the history archive). The server answers these
// with the app's index.html; any other path redirects to '/'.
export const APP_ROUTES = [
  '/',
  '/daily-card',
  '/interactive-daily-card',
  '/spread-menu',
  '/subscription',
  '/question',
  '/cards',
  '/interpretation',
  '/natal-form',
  '/natal-chart',
  '/services',
  '/terms',
  '/contacts',
  '/micro-result',
  '/history',
  '/settings',
  '/journal',
  '/library',
  '/lesson',
  '/own-deck',
  '/pairs',
  '/people',
  '/my-spreads',
  '/my-spread-deal',
  '/invite',
  '/admin',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

const ROUTE_SET = new Set<string>(APP_ROUTES);

/** The bot's one-time sign-in link (`/auth/<token>`, see /web). */
export const AUTH_LINK_PATH = /^\/auth\/[A-Za-z0-9_-]{43}$/;

/** «Итоги месяца» of a month (`/report/2026-11`), where its push opens. */
const MONTHLY_REPORT_PATH = /^\/report\/\d{4}-(0[1-9]|1[0-2])$/;

/** A card's page in the library (`/library/<card id>`). */
export const LIBRARY_CARD_PATH = /^\/library\/[a-z][a-z-]{1,39}$/;

/**
 * True for an app route, including a reading opened from history (`/history/<id>`), a pair (`/pairs/<id>`),
 * a card of the library and a sign-in link.
 */
export function isAppRoute(path: string): boolean {
  return (
    ROUTE_SET.has(path) ||
    /^\/(history|pairs)\/\d{1,18}$/.test(path) ||
    LIBRARY_CARD_PATH.test(path) ||
    AUTH_LINK_PATH.test(path) ||
    MONTHLY_REPORT_PATH.test(path)
  );
}
