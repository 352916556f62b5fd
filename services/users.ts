// Users, their status and settings. The status is what every screen reads: tier, quotas, today's usage.
import * as lessonsRepo from '../db/repositories/lessons';
import * as usageRepo from '../db/repositories/usage';
import * as usersRepo from '../db/repositories/users';
import type { StatusUser } from '../db/repositories/users';
import type { DailyUsage, User } from '../db/schema';
import { DECKS, DEFAULT_DECK, isDeckId, type DeckId } from '../domain/tarot/decks';
import { canRedrawDailyCard, dailySpreadLimit, entitlementOf } from '../domain/commerce/entitlement';
import { guardOnZoneChange, userDay } from '../domain/text/day';
import { DAY_MS, isValidTimeZone, wallClock } from '../domain/text/time';
import { streakView, type StreakView } from '../domain/tarot/ritual';
import { CARD_BY_ID } from '../domain/tarot/deck';
import { TIERS, type Tier } from '../domain/types';
import { UNLIMITED_CAP } from '../domain/commerce/catalogue';
import { DEFAULT_REMINDER_TIME, type ServiceDeps } from './deps';
import { restoreLimitsOf } from './erased-limits';
import { ServiceError } from './errors';
import { createStatusStore, type StatusRows } from './status-store';

/** The user's status (tier, limits, today's usage) plus what the screens need to show it without guessing. */
export interface UserStatus {
  subscriptionType: Tier;
  subscriptionExpires: string | null;
  autoRenew: boolean;
  dailyCardUsed: boolean;
  dailyCardDate: string | null;
  freeSpreadUsed: boolean;
  freeSpreadDate: string | null;
  totalSpreadsUsed: number;
  dailySpreadsUsed: number;
  dailySpreadsDate: string;
  maxDailySpreads: number;
  remainingSpreads: number;
  freeSpreadAvailable: boolean;
  dailyCardAvailable: boolean;
  /** Paid users may draw the daily card again. */
  unlimitedDailyCard: boolean;
  special: boolean;
  timeZone: string;
  notifyDaily: boolean;
  /** The deck the user sees: 'rws' (classic, the default) or 'drawn'. */
  deck: DeckId;
  /** «Перевёрнутые карты»: the deal reverses cards (the default), or deals them all upright. */
  reversals: boolean;
  /** The next local midnight, when today's limits reset (ISO). */
  resetsAt: string;
  /** Consecutive days with the daily card. */
  streak: StreakView;
  /** Offer «add to home screen» now (after a 3-day streak, once). */
  homeScreenOffer: boolean;
  /** Today's card of the day once drawn (home shows its face and one line without another request), else null. */
  todayCard: TodayCard | null;
}

/** The card of the day as home shows it: the picture, the name and the first sentence of its meaning. */
export interface TodayCard {
  cardId: string;
  name: string;
  image: string;
  reversed: boolean;
  line: string;
}

function todayCard(u: DailyUsage | null): TodayCard | null {
  const c = u?.daily_card_used && u.daily_card_id ? CARD_BY_ID.get(u.daily_card_id) : undefined;
  if (!c) return null;
  const reversed = u!.daily_card_orientation === 'reversed';
  const meaning = reversed ? c.reversedMeaning : c.meaning;
  return { cardId: c.id, name: c.name, image: c.image, reversed, line: (meaning.match(/^.*?[.!?](\s|$)/)?.[0] ?? meaning).trim() };
}

export interface UserProfileView {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  isPremium: boolean;
  photoUrl: string | null;
}

export const profileView = (u: StatusUser): UserProfileView => ({
  id: u.id,
  firstName: u.first_name,
  lastName: u.last_name,
  username: u.username,
  languageCode: u.language_code,
  isPremium: u.is_premium,
  photoUrl: u.photo_url,
});

/** Builds the status from the user and a usage row (ignored unless it is for the user's local today). */
export function buildStatus(user: StatusUser, usage: DailyUsage | null | undefined, now: Date, specialIds: readonly number[]): UserStatus {
  const e = entitlementOf(user, now, specialIds);
  const { day: today, endsAt } = userDay(user, now);
  const u = usage && usage.day === today ? usage : null;
  const plan = dailySpreadLimit(e);
  const max = plan >= UNLIMITED_CAP ? plan : plan + (u?.bonus_spreads ?? 0);
  const used = u?.spreads_used ?? 0;
  const remaining = Math.max(0, max - used);
  const dailyCardUsed = u?.daily_card_used ?? false;
  const unlimitedDailyCard = canRedrawDailyCard(e);
  const expires = e.tier === 'free' ? null : user.subscription_expires;
  const ritual = ritualStatus(user, today);
  // Every field written out (no spread): the status is built on every status call, and a spread copies
  // through V8's slow path.
  return {
    subscriptionType: e.tier,
    subscriptionExpires: expires ? expires.toISOString() : null,
    autoRenew: e.tier !== 'free' && user.subscription_auto_renew,
    dailyCardUsed,
    dailyCardDate: dailyCardUsed ? today : null,
    freeSpreadUsed: e.special ? false : (u?.free_spread_used ?? false),
    freeSpreadDate: u?.free_spread_used ? today : null,
    totalSpreadsUsed: user.total_spreads_used,
    dailySpreadsUsed: used,
    dailySpreadsDate: today,
    maxDailySpreads: max,
    remainingSpreads: remaining,
    freeSpreadAvailable: remaining > 0,
    dailyCardAvailable: unlimitedDailyCard || !dailyCardUsed,
    unlimitedDailyCard,
    special: e.special,
    timeZone: user.time_zone,
    notifyDaily: user.notify_daily,
    deck: isDeckId(user.deck) ? user.deck : DEFAULT_DECK,
    reversals: user.reversals,
    resetsAt: endsAt.toISOString(),
    todayCard: todayCard(u),
    streak: ritual.streak,
    homeScreenOffer: ritual.homeScreenOffer,
  };
}

function ritualStatus(user: StatusUser, today: string) {
  const streak = streakView({ current: user.streak_current, best: user.streak_best, lastDay: user.streak_last_day }, today);
  return { streak, homeScreenOffer: streak.current >= 3 && !user.home_screen_offered_at };
}

/** The error of a call whose user has no row (never created, or deleted). */
export const USER_NOT_FOUND = 'Пользователь не найден';

export function createUserService(deps: ServiceDeps) {
  // A user created again after deleting their data gets back the limits still in their window.
  const store = createStatusStore(deps.db, deps.defaultTimeZone, (trx, userId) => restoreLimitsOf(deps, trx, userId));

  async function requireUser(userId: number): Promise<User> {
    let user = await usersRepo.findUser(deps.db, userId);
    // Deleted through another instance while this one remembered the profile: a returning user, anew.
    if (!user && (await store.restore(userId))) user = await usersRepo.findUser(deps.db, userId);
    if (!user) throw new ServiceError('not_found', USER_NOT_FOUND);
    return user;
  }

  /** `read`: the rows this call's authentication has just read (PostgreSQL), so they are not read twice. */
  async function status(userId: number, read?: StatusRows): Promise<{ user: StatusUser; status: UserStatus }> {
    const found = read?.user.id === userId ? read : await store.read(userId);
    if (!found) throw new ServiceError('not_found', USER_NOT_FOUND);
    return { user: found.user, status: buildStatus(found.user, found.usage, deps.clock(), deps.specialAccessUserIds) };
  }

  return {
    requireUser,
    status,

    /**
     * The user's row, or undefined for someone who never opened the bot or the app (inline mode's callers):
     * nothing is written, so a stranger gets no row.
     */
    findUser: (userId: number): Promise<User | undefined> => usersRepo.findUser(deps.db, userId),

    /** The bot's /settings: the stored settings, the user's wall-clock time now and the reminder's local time. */
    async settings(userId: number) {
      const { status: s } = await status(userId);
      const now = wallClock(deps.clock(), s.timeZone);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        timeZone: s.timeZone,
        notifyDaily: s.notifyDaily,
        deck: s.deck,
        reversals: s.reversals,
        localTime: `${pad(now.hour)}:${pad(now.minute)}`,
        reminderTime: deps.dailyReminderTime ?? DEFAULT_REMINDER_TIME,
      };
    },

    /** Records the Telegram profile of an authenticated call (a write only when it changed). */
    touchProfile: store.touchProfile,

    /** After the user's data was deleted: a later call creates the user afresh. */
    forget: store.forget,

    /** A user known only by id (server-signed launch token, bot update). */
    ensure: store.ensure,

    async updateSettings(userId: number, s: { timeZone?: string; notifyDaily?: boolean; deck?: string; reversals?: boolean }) {
      if (s.timeZone !== undefined && !isValidTimeZone(s.timeZone))
        throw new ServiceError('bad_input', 'timeZone: неизвестный часовой пояс');
      if (s.deck !== undefined && !isDeckId(s.deck)) throw new ServiceError('bad_input', `deck: ожидается одно из ${DECKS.join(', ')}`);
      await deps.db.transaction().execute(async (trx) => {
        const user = await usersRepo.lockUser(trx, userId);
        if (!user) throw new ServiceError('not_found', USER_NOT_FOUND);
        // A new zone never opens a new day early: a day with anything used keeps counting until it ends in
        // the old zone. A day with nothing used yet (a first launch reporting the zone) needs no guard.
        let guard: { day: string; until: Date } | null | undefined;
        if (s.timeZone !== undefined && s.timeZone !== user.time_zone) {
          const open = guardOnZoneChange(user.time_zone, { day: user.day_guard, until: user.day_guard_until }, deps.clock());
          const used = await usageRepo.findUsage(trx, userId, open.day);
          // The day's lesson counts as use too: a new zone must not hand out a second lesson in one real day.
          const lesson = await lessonsRepo.findProgress(trx, userId);
          const lessonUsed = !!lesson && lesson.day === open.day && lesson.choices.some((c) => c !== null);
          guard = (used && (used.spreads_used > 0 || used.daily_card_used)) || lessonUsed ? open : null;
        }
        await usersRepo.updateSettings(trx, userId, { ...s, deck: s.deck as DeckId | undefined, guard });
      });
      return status(userId);
    },

    /**
     * Activates a plan directly: only with mock payments (local mode, tests). Real plans are granted
     * by confirmed payments. The plan extends from the later of now and the current expiry.
     */
    async activateMockPlan(userId: number, type: string) {
      if (!(TIERS as readonly string[]).includes(type))
        throw new ServiceError('bad_input', `subscriptionType: ожидается одно из ${TIERS.join(', ')}`);
      if (type === 'free') throw new ServiceError('bad_input', 'subscriptionType: бесплатный план нельзя купить');
      if (!deps.mockPayments)
        throw new ServiceError('payment_required', 'Оформите подписку через оплату: POST /api/payments/create', {
          payWith: '/api/payments/create',
        });
      const days = type === 'week' ? 7 : 30;
      await deps.db.transaction().execute(async (trx) => {
        const user = await usersRepo.lockUser(trx, userId);
        if (!user) throw new ServiceError('not_found', USER_NOT_FOUND);
        const now = deps.clock();
        const current = entitlementOf(user, now, []).tier;
        const from = current === type && user.subscription_expires && user.subscription_expires > now ? user.subscription_expires : now;
        await usersRepo.setSubscription(trx, userId, type as Tier, new Date(from.getTime() + days * DAY_MS), type !== 'week');
        if (current !== type) await usageRepo.restartSpreads(trx, userId, userDay(user, now).day);
      });
      return status(userId);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
