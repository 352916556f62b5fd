// Choosing a chat or a person in Telegram from the Mini App (Bot API 9.6): web_app_request_chat with the id of a
// button the bot prepared (savePreparedKeyboardButton); the client answers requested_chat_sent once the choice
// went to the bot, or requested_chat_failed when the user closed the list or the client could not do it. The
// SDK in use predates 9.6, so the version is compared here.
import { insideTelegram } from './launch';

const REQUEST_CHAT_VERSION = '9.6';

export type RequestChatResult = 'sent' | 'failed' | 'unsupported';

/** True when `version` (Telegram's "9.6", "10.0"…) is `min` or later. */
function versionAtLeast(version: string | undefined, min: string): boolean {
  if (!version) return false;
  const a = version.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] || 0) - (b[i] || 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/** Whether this Telegram client can open a prepared button's chooser. */
export async function requestChatSupported(): Promise<boolean> {
  if (!insideTelegram()) return false;
  try {
    const { retrieveLaunchParams } = await import('@tma.js/sdk-react');
    return versionAtLeast(retrieveLaunchParams().tgWebAppVersion, REQUEST_CHAT_VERSION);
  } catch {
    return false;
  }
}

/** Opens the chooser of the prepared button `reqId`; resolves with what the client answered. */
export async function requestChat(reqId: string): Promise<RequestChatResult> {
  if (!(await requestChatSupported())) return 'unsupported';
  try {
    const { on, postEvent } = await import('@tma.js/sdk-react');
    // The bridge's own event list predates these two events: they arrive untyped.
    const listen = on as unknown as (event: string, cb: (payload: { req_id?: string }) => void) => () => void;
    const post = postEvent as unknown as (method: string, params: Record<string, unknown>) => void;
    return await new Promise<RequestChatResult>((resolve) => {
      const offSent = listen('requested_chat_sent', (e) => (e?.req_id === undefined || e.req_id === reqId ? done('sent') : undefined));
      const offFailed = listen('requested_chat_failed', (e) =>
        e?.req_id === undefined || e.req_id === reqId ? done('failed') : undefined,
      );
      function done(r: RequestChatResult) {
        offSent();
        offFailed();
        resolve(r);
      }
      post('web_app_request_chat', { req_id: reqId });
    });
  } catch (err) {
    console.warn('Telegram requestChat unavailable:', err);
    return 'unsupported';
  }
}
