// What one user may cause per window: each checkout is a call to Telegram's Bot API (on the bot's shared
// limit) or to YooKassa; each saved reading is a row kept for good; each check of a YooKassa payment is a
// call to YooKassa with our credentials; each analytics event is a row; each share picture drawn is a few
// hundred ms of a worker and a stored JPEG, each prepared share message a Bot API call. Over the limit: 429
// with Retry-After. Only what the user does themselves is counted here: nothing anyone else can send.
import type { Db } from '../db/connection';
import { takeLimitSlot } from '../db/repositories/rate-limits';
import { formatDurationWords } from '../domain/text/time';
import { ServiceError } from './errors';

export const USER_LIMITS = {
  /** Payment orders (invoice links, YooKassa payments) a user may open. */
  checkout: { limit: 20, windowS: 3600, message: 'Слишком много попыток оплаты.' },
  /** Client-saved readings (POST /api/user/reading without a server reading). */
  saved_reading: { limit: 50, windowS: 86_400, message: 'Слишком много сохранённых раскладов за сутки.' },
  /** The user's own checks of their YooKassa payments (sync-method), each read back from YooKassa. */
  yookassa_readback: { limit: 30, windowS: 600, message: 'Слишком много проверок оплаты.' },
  /** Analytics events (every call, duplicates included). */
  analytics: { limit: 60, windowS: 600, message: 'Слишком много событий.' },
  /** Share pictures drawn (not the ones served from the store): an hour's and a day's. */
  share_picture_hour: { limit: 30, windowS: 3600, message: 'Слишком много картинок за час.' },
  share_picture_day: { limit: 100, windowS: 86_400, message: 'Слишком много картинок за сутки.' },
  /** Prepared inline messages (savePreparedInlineMessage) not answered from the stored one. */
  share_message: { limit: 20, windowS: 3600, message: 'Слишком часто делитесь раскладами.' },
  /** Reviews written (each may reach the operators' chats). */
  review: { limit: 10, windowS: 3600, message: 'Слишком много отзывов.' },
  /** Exports sent to the user's chat («Отправить в чат»): two uploads each, on the bot's shared Bot API limit. */
  export_to_chat: { limit: 3, windowS: 3600, message: 'Данные уже отправлены в чат.' },
  /** Messages relayed to the support desk's operators (each a message in their group, on its shared rate). */
  support_relay: {
    limit: 5,
    windowS: 60,
    message: 'В поддержку уходит не больше 5 сообщений в минуту, поэтому это сообщение не передано.',
  },
  /** Exports made in any way (a download of either file, /mydata, a send to the chat): each reads all the user's rows. */
  export: { limit: 6, windowS: 3600, message: 'Слишком много выгрузок данных за час.' },
  /** Invitations into a pair (readings for two) made. */
  pair_invitation: { limit: 20, windowS: 86_400, message: 'Слишком много приглашений за сутки.' },
} as const;

export type UserLimitKind = keyof typeof USER_LIMITS;

/** Takes one slot of `kind` for the user, or throws 429 naming when to try again. */
export async function takeUserLimit(db: Db, userId: number, kind: UserLimitKind, now: Date): Promise<void> {
  const l = USER_LIMITS[kind];
  const wait = await takeLimitSlot(db, { name: `user:${kind}`, userId }, now, l.limit, l.windowS);
  if (wait !== null)
    throw new ServiceError('limit_reached', `${l.message} Попробуйте через ${formatDurationWords(wait * 1000)}.`, {
      retryAfterSeconds: wait,
    });
}
