// The start-up redirect: a `user_data` query parameter (JSON with initialScreen, userQuestion,
// spreadType, …) may name the first screen; a return from a card payment (`product=micro` plus user_data
// whose initialScreen is micro-result) goes to /micro-result keeping the query string; a card's deep link
// (`startapp=card_<id>`, Telegram's start_param) opens the card in the library. Pure, for tests.
import { isAppRoute } from '../../domain/app/routes';

export interface StartRoute {
  /** Where to go (path and query), or null to stay. */
  to: string | null;
  spreadType?: string;
  question?: string;
}

/** A card's deep link (`startapp=card_<id>`): checked by its form only, the card page answers an unknown id. */
const CARD_START = /^card_([a-z][a-z-]{1,39})$/;
/** A shared own spread (`startapp=spread_<token>`): opens «Свои расклады» with the spread to copy. */
const SPREAD_START = /^spread_([\w-]{16,64})$/;

export function startRoute(pathname: string, search: string, startParam?: string | null): StartRoute {
  const q = new URLSearchParams(search);
  const raw = q.get('user_data');
  const card = CARD_START.exec(startParam ?? '')?.[1];
  const shared = SPREAD_START.exec(startParam ?? '')?.[1];
  if (!raw && shared && pathname === '/') return { to: `/my-spreads?copy=${shared}` };
  if (!raw) return { to: card && pathname === '/' ? `/library/${card}` : null };
  let data: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    return { to: null };
  }
  const screen = typeof data.initialScreen === 'string' ? data.initialScreen : null;
  const out: StartRoute = { to: null };
  if (typeof data.spreadType === 'string' && data.spreadType.length <= 40) out.spreadType = data.spreadType;
  if (typeof data.userQuestion === 'string') out.question = data.userQuestion.slice(0, 500);

  if (q.get('product') === 'micro' && screen === 'micro-result') {
    out.to = pathname === '/micro-result' ? null : `/micro-result${search}`;
    return out;
  }
  if (screen) {
    const path = screen === 'start' ? '/' : `/${screen.replace(/^\/+/, '')}`;
    if (isAppRoute(path) && path !== pathname) out.to = path;
  }
  return out;
}
