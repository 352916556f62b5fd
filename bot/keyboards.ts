// Buttons into the Mini App. An inline or menu `web_app` button launches it with initData; a reply-keyboard
// `web_app` button launches it without, so its URL carries a short-lived token the server signed.
import { InlineKeyboard, Keyboard } from 'grammy';
import type { BotDeps } from './context';

/** The Mini App's URL at `path` (an app route), or null when there is no address Telegram can open. */
export function appUrl(deps: BotDeps, path = '/', query?: Record<string, string>): string | null {
  const base = deps.webAppUrl();
  if (!base) return null;
  const url = new URL(path, `${base}/`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

/** One inline `web_app` button (none when the app has no public address). */
export function openAppButton(deps: BotDeps, text: string, path = '/'): InlineKeyboard | undefined {
  const url = appUrl(deps, path);
  return url ? new InlineKeyboard().webApp(text, url) : undefined;
}

/** How long a keyboard launch token is valid: the keyboard stays in the chat; /start renews it. */
export const KEYBOARD_TOKEN_TTL_S = 24 * 3600;

/**
 * The reply keyboard under the input field: one `web_app` button whose URL holds a launch token of the user's
 * token generation (after «Выйти везде» /start gives a working one again).
 */
export function launchKeyboard(deps: BotDeps, userId: number, generation: number): Keyboard | undefined {
  const url = appUrl(deps, '/', { launch: deps.identity.signLaunchToken(userId, KEYBOARD_TOKEN_TTL_S, generation) });
  return url ? new Keyboard().webApp('🔮 Таро', url).resized().persistent() : undefined;
}
