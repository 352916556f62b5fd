// Friends who bring friends: a personal link (`startapp=ref_<id>`), and one extra spread that day for both when
// an invited friend's first reading is dealt. Decided in the transaction that charges that reading, with the
// inviter's row locked, so the monthly cap holds under racing readings. docs/decisions.md explains the rules.
import type { Queryable } from '../db/connection';
import * as referralsRepo from '../db/repositories/referrals';
import * as usageRepo from '../db/repositories/usage';
import * as usersRepo from '../db/repositories/users';
import type { User } from '../db/schema';
import { userDay } from '../domain/text/day';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { userKey } from './user-key';

/** At most this many rewards a calendar month (UTC) per inviter. */
export const MONTHLY_REFERRAL_CAP = 5;
/** Accounts created this close together count as made on one device, one after the other. */
export const SAME_MINUTE_S = 60;

const REF = /^ref_(\d{1,15})$/;

/** The personal start parameter: the inviter's id (a shared reading's message carries it too). */
export const referralParam = (userId: number) => `ref_${userId}`;

/** The inviter named by a start parameter, or null (not a personal link, or the user's own). */
export function inviterOf(startParam: string | null, userId: number): number | null {
  const m = startParam ? REF.exec(startParam) : null;
  const id = m ? Number(m[1]) : null;
  return id && id !== userId ? id : null;
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/**
 * Inside the charge of `invitee`'s first reading (`day`: the day it was charged to). Grants one extra spread
 * that day to both, or records why not. A friend is counted once, by the keyed hash of their id.
 */
export async function rewardFirstReading(deps: Pick<ServiceDeps, 'clock' | 'serverSecret'>, trx: Queryable, invitee: User, day: string) {
  const inviterId = inviterOf(invitee.start_param, invitee.id);
  if (inviterId === null) return;
  const inviteeKey = userKey(deps.serverSecret, invitee.id);
  if (await referralsRepo.counted(trx, inviteeKey)) return;
  const inviter = await referralsRepo.lockInviter(trx, inviterId);
  if (!inviter) return;
  const now = deps.clock();
  const month = monthOf(now);
  const near = (a: Date, b: Date) => Math.abs(a.getTime() - b.getTime()) < SAME_MINUTE_S * 1000;
  let refused: string | null = null;
  if (
    near(inviter.created_at, invitee.created_at) ||
    (await referralsRepo.friendCreatedNear(trx, inviterId, invitee.created_at, SAME_MINUTE_S))
  )
    refused = 'same_minute';
  else if ((await referralsRepo.grantedInMonth(trx, inviterId, month)) >= MONTHLY_REFERRAL_CAP) refused = 'monthly_cap';
  const row = { inviteeKey, inviterId, inviteeId: invitee.id, month, granted: refused === null, refused, at: now };
  if (!(await referralsRepo.insertOutcome(trx, row)) || refused) return;
  await usageRepo.grantBonusSpread(trx, invitee.id, day);
  await usageRepo.grantBonusSpread(trx, inviterId, userDay(inviter, now).day);
}

export interface InviteView {
  startParam: string;
  /** The Mini App link (null while the bot's username is unknown). */
  link: string | null;
  /** Telegram's share URL with the link and a line of text. */
  shareUrl: string | null;
  joined: number;
  rewarded: number;
  rewardedThisMonth: number;
  monthlyCap: number;
}

export const INVITE_TEXT =
  'Я делаю расклады Таро здесь — попробуйте. Когда вы сделаете первый расклад, у нас обоих будет ещё один расклад в тот день.';

export function createReferralService(deps: ServiceDeps) {
  return {
    /** GET /api/referrals: the user's link and how many friends came. */
    async invite(userId: number): Promise<InviteView> {
      const user = await usersRepo.findUser(deps.db, userId);
      if (!user) throw new ServiceError('not_found', 'Пользователь не найден');
      const startParam = referralParam(userId);
      const bot = (await deps.share?.botUsername().catch(() => null)) ?? null;
      const link = bot ? `https://t.me/${bot}?startapp=${startParam}` : null;
      const shareUrl = link ? `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(INVITE_TEXT)}` : null;
      const counts = await referralsRepo.inviterCounts(deps.db, userId, startParam, monthOf(deps.clock()));
      return { startParam, link, shareUrl, ...counts, monthlyCap: MONTHLY_REFERRAL_CAP };
    },
  };
}
