// The micro pack's follow-up: a paid pack includes one 3-card reading («Прошлое, настоящее, будущее»).
// It is opened by the pack, not by the plan: no access check by tier and no spread taken from the day's
// quota. The reading is recorded on the pack in the same transaction, so one pack opens one reading, ever.
import type { Db } from '../../db/connection';
import * as microRepo from '../../db/repositories/micro';
import * as readingsRepo from '../../db/repositories/readings';
import * as usersRepo from '../../db/repositories/users';
import type { Reading } from '../../db/schema';
import { CARD_IDS } from '../../domain/tarot/deck';
import { deal, type RandomInt } from '../../domain/tarot/deal';
import { entitlementOf, interpretationLevel } from '../../domain/commerce/entitlement';
import { MICRO_PACK } from '../../domain/commerce/catalogue';
import { ServiceError } from '../errors';

/** The spread a micro pack opens. */
export const MICRO_SPREAD_TYPE = MICRO_PACK.spread;

export interface MicroSpreadState {
  purchaseId: number;
  /** The reading the pack already opened, or null while it can still open one. */
  readingId: number | null;
}

/** The pack's follow-up state: only a paid, live pack includes the reading. */
export function microSpreadState(mp: {
  id: number;
  source: string;
  revoked_at: Date | null;
  spread_reading_id: number | null;
}): MicroSpreadState | null {
  if (mp.source !== 'payment' || mp.revoked_at) return null;
  return { purchaseId: mp.id, readingId: mp.spread_reading_id };
}

/** Deals the pack's 3-card reading once; a second call is refused with the reading it already opened. */
export async function createMicroSpreadReading(
  d: { db: Db; clock: () => Date; randomInt: RandomInt; specialAccessUserIds: readonly number[] },
  userId: number,
  input: { spreadType: string; cards: number; question: string; purchaseId: number },
): Promise<Reading> {
  if (input.spreadType !== MICRO_SPREAD_TYPE)
    throw new ServiceError('bad_input', 'spreadType: микро-пакет открывает только расклад «Прошлое, настоящее, будущее»');
  return d.db.transaction().execute(async (trx) => {
    const user = await usersRepo.lockUser(trx, userId);
    if (!user) throw new ServiceError('not_found', 'Пользователь не найден');
    const mp = await microRepo.lockMicroPurchase(trx, input.purchaseId);
    if (!mp || mp.user_id !== userId) throw new ServiceError('not_found', 'microPurchaseId: микро-пакет не найден');
    if (!microSpreadState(mp))
      throw new ServiceError('payment_required', 'Расклад на 3 карты входит только в оплаченный микро-пакет.', {
        code: 'micro_not_purchased',
        redirect: '/subscription',
      });
    if (mp.spread_reading_id !== null)
      throw new ServiceError('conflict', 'Расклад на 3 карты из этого микро-пакета уже сделан.', {
        code: 'micro_spread_used',
        readingId: mp.spread_reading_id,
      });
    const reading = await readingsRepo.insertReading(trx, {
      userId,
      spreadType: MICRO_SPREAD_TYPE,
      question: input.question,
      cards: deal(CARD_IDS, input.cards, d.randomInt, { reversals: user.reversals }),
      level: interpretationLevel(entitlementOf(user, d.clock(), d.specialAccessUserIds)),
      status: 'dealt',
      chargedDay: null,
    });
    if (!(await microRepo.claimMicroSpread(trx, mp.id, reading.id)))
      throw new ServiceError('conflict', 'Расклад на 3 карты из этого микро-пакета уже сделан.', { code: 'micro_spread_used' });
    return reading;
  });
}
