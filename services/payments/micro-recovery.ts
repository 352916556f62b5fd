// The micro pack's recovery: after paying (back from YooKassa, a Stars payment inside Telegram, a fresh page with
// nothing stored on the device) the screens ask the server which pack was bought and for which reading. The
// pack is found by ids the server recorded (the order's reading, the purchase's), never by a card's name, and
// nothing is invented: no pack is a 404 with a Russian message, a pack whose payment is not recorded yet is
// `pending` (the screen polls).
import * as microRepo from '../../db/repositories/micro';
import * as usersRepo from '../../db/repositories/users';
import { DAY_MS, localDate, zonedTimeToUtc } from '../../domain/text/time';
import { ServiceError } from '../errors';
import { ownedReading, revealMicro, type MicroAdviceWriter, type MicroDeps, type MicroRevealView } from './micro';

export type MicroRecovery =
  | { state: 'revealed'; readingId: number; reveal: MicroRevealView }
  | { state: 'pending'; readingId: number | null }
  // Only for `recent`: the daily card's screen asks whether there is a pack, and none is an answer, not an error.
  | { state: 'none'; readingId: null };

export const MICRO_NOT_FOUND =
  'Покупка микро-пакета не найдена. Если вы только что оплатили, подождите минуту и нажмите «Попробовать снова».';

const notFound = () => new ServiceError('not_found', MICRO_NOT_FOUND, { code: 'micro_not_found' });

/** What the return names: the order (YooKassa's metadata.orderId, the Stars payload) or the reading. */
export interface MicroRecoveryQuery {
  orderId?: string;
  readingId?: number;
  /** Only a pack bought since the user's local midnight, for today's card (the daily card's screen). */
  recent?: boolean;
}

export async function recoverMicro(
  d: MicroDeps,
  userId: number,
  by: MicroRecoveryQuery,
  writer?: MicroAdviceWriter,
): Promise<MicroRecovery> {
  const reveal = async (readingId: number): Promise<MicroRecovery> => ({
    state: 'revealed',
    readingId,
    reveal: await revealMicro(d, userId, readingId, writer),
  });

  // 1. The order the return names: the pack its payment granted, for the order's reading.
  if (by.orderId) {
    const found = await microRepo.findMicroOrderWithPack(d.db, userId, by.orderId);
    if (!found || found.pack?.revoked_at) throw notFound();
    const readingId = found.pack?.reading_id ?? found.order.reading_id;
    if (!found.pack) {
      if (found.order.status === 'canceled') throw notFound();
      return { state: 'pending', readingId };
    }
    if (readingId === null) throw notFound();
    return reveal(readingId);
  }

  // 2. The reading the return names: its pack (a live unbound one is bound to it, as the reveal does).
  if (by.readingId !== undefined) {
    await ownedReading(d.db, userId, by.readingId);
    try {
      return await reveal(by.readingId);
    } catch (err) {
      // Not recorded yet: Stars' payment reaches the bot after the app is back, YooKassa's notice may lag.
      if (err instanceof ServiceError && err.details?.code === 'micro_not_purchased') return { state: 'pending', readingId: by.readingId };
      throw err;
    }
  }

  // 3. Nothing named: the user's latest paid pack (one of today's, for the daily card's screen: a pack bought
  // yesterday belongs to yesterday's card).
  let since: Date | null = null;
  if (by.recent) {
    const user = await usersRepo.findUser(d.db, userId);
    if (!user) throw new ServiceError('not_found', 'Пользователь не найден');
    const now = d.clock();
    since = zonedTimeToUtc(localDate(now, user.time_zone), '00:00', user.time_zone);
  }
  const pack = await microRepo.latestLivePack(d.db, userId, since);
  if (pack?.reading_id) return reveal(pack.reading_id);
  // An unpaid order made within the last day: its payment may still be on its way.
  const order = await microRepo.latestOpenMicroOrder(d.db, userId, new Date(d.clock().getTime() - DAY_MS));
  if (order && !pack) return { state: 'pending', readingId: order.reading_id };
  if (by.recent) return { state: 'none', readingId: null };
  throw notFound();
}
