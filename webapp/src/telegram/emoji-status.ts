// Today's card as the user's emoji status (Mini Apps, Bot API 8.0): web_app_request_emoji_status_access, then
// web_app_set_emoji_status with a duration. One attempt per tap, no retry: the answer is what the user chose or
// what the client could do.
import { insideTelegram } from './launch';

export type EmojiStatusResult = 'set' | 'denied' | 'unsupported' | 'failed';

/** Sets `customEmojiId` as the emoji status for `durationS` seconds, asking for access first. */
export async function setEmojiStatusFor(customEmojiId: string, durationS: number): Promise<EmojiStatusResult> {
  if (!insideTelegram()) return 'unsupported';
  try {
    const { on, postEvent, retrieveLaunchParams, supports } = await import('@tma.js/sdk-react');
    const version = retrieveLaunchParams().tgWebAppVersion;
    if (!supports('web_app_set_emoji_status', version) || !supports('web_app_request_emoji_status_access', version)) return 'unsupported';
    const access = await new Promise<string>((resolve) => {
      const off = on('emoji_status_access_requested', (e) => {
        off();
        resolve(e.status);
      });
      postEvent('web_app_request_emoji_status_access');
    });
    if (access !== 'allowed') return 'denied';
    return await new Promise<EmojiStatusResult>((resolve) => {
      const offSet = on('emoji_status_set', () => done('set'));
      const offFailed = on('emoji_status_failed', (e) => done(e.error === 'USER_DECLINED' ? 'denied' : 'failed'));
      function done(r: EmojiStatusResult) {
        offSet();
        offFailed();
        resolve(r);
      }
      postEvent('web_app_set_emoji_status', { custom_emoji_id: customEmojiId, duration: durationS });
    });
  } catch (err) {
    console.warn('Telegram emoji status unavailable:', err);
    return 'unsupported';
  }
}
