// Telegram methods beyond the Back and Main buttons: add to home screen (Bot API 8.0), share a prepared
// message (8.0), share to a story (7.8) and sendData (keyboard-button launches). Each posts the bridge event
// through the SDK's postEvent (a lazy chunk, already loaded inside Telegram); false outside Telegram or when
// the client refuses, so the caller can offer its own way.
import { insideTelegram } from './launch';

type Method =
  | 'web_app_add_to_home_screen'
  | 'web_app_send_prepared_message'
  | 'web_app_share_to_story'
  | 'web_app_data_send'
  | 'web_app_open_tg_link';

export async function callTelegram(method: Method, params?: Record<string, unknown>): Promise<boolean> {
  if (!insideTelegram()) return false;
  try {
    const { postEvent } = await import('@tma.js/sdk-react');
    (postEvent as (m: string, p?: Record<string, unknown>) => void)(method, params);
    return true;
  } catch (err) {
    console.warn(`Telegram ${method} unavailable:`, err);
    return false;
  }
}

export const addToHomeScreen = () => callTelegram('web_app_add_to_home_screen');
export const shareMessage = (id: string) => callTelegram('web_app_send_prepared_message', { id });
export const shareToStory = (mediaUrl: string, text: string, widgetLink?: { url: string; name: string }) =>
  callTelegram('web_app_share_to_story', { media_url: mediaUrl, text, ...(widgetLink ? { widget_link: widgetLink } : {}) });
export const sendData = (data: string) => callTelegram('web_app_data_send', { data });

/** Opens a t.me link inside Telegram (the bot's chat, e.g. in support mode); false when the caller should follow it itself. */
export function openTelegramLink(url: string): boolean {
  const u = new URL(url);
  if (u.hostname !== 't.me' || !insideTelegram()) return false;
  void callTelegram('web_app_open_tg_link', { path_full: `${u.pathname}${u.search}` });
  return true;
}
