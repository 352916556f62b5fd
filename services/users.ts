// Users, their status and settings. The status is what every screen reads: tier, quotas, today's usage.
import DataLoader from 'dataloader';
import * as usageRepo from '../db/repositories/usage';
import * as usersRepo from '../db/repositories/users';
import { writeWatchOf } from '../db/write-watch';
import type { StatusUser, TelegramProfile } from '../db/repositories/users';
import type { DailyUsage, User } from '../db/schema';
import { DECKS, DEFAULT_DECK, isDeckId, type DeckId } from '../domain/decks';
import { canRedrawDailyCard, dailySpreadLimit, entitlementOf, } from '../domain/entitlement';
import { guardOnZoneChange, userDay } from '../domain/day';
import { DAY_MS, isValidTimeZone, wallClock } from '../domain/time';
import { streakView, type StreakView } from '../domain/ritual';
import { CARD_BY_ID } from '../domain/deck';
import { TIERS, type Tier } from '../domain/types';
import { DEFAULT_REMINDER_TIME, type ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { createStatusCache } from './status-cache';

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
  const max = dailySpreadLimit(e);
  const used = u?.spreads_used ?? 0;
  const remaining = Math.max(0, max - used);
  const dailyCardUsed = u?.daily_card_used ?? false;
  const unlimitedDailyCard = canRedrawDailyCard(e);
  const expires = e.tier === 'free' ? null : user.subscription_expires;
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
    ...ritualStatus(user, today),
  };
}

function ritualStatus(user: StatusUser, today: string) {
  const streak = streakView({ current: user.streak_current, best: user.streak_best, lastDay: user.streak_last_day }, today);
  return { streak, homeScreenOffer: streak.current >= 3 && !user.home_screen_offered_at };
}

// One query at a time: the ids asked for while it runs go together in the next one. Fewer, larger batches
// cost PostgreSQL and the driver less per request than several small ones (measured with the api-status bench).
const STATUS_QUERIES_IN_FLIGHT = 1;

/**
 * Bounded memory of profiles already written, so an unchanged profile costs no write per request. A
 * profile counts as written only once its write finished: concurrent first calls of a new user wait for
 * that one write instead of going on to find no user. Each entry keeps its write: when the user turns out
 * to be gone (deleted through another instance, whose deletion this one never saw), `restore` writes them
 * anew at once, so another instance's memory never answers for a deleted user.
 */
class RecentProfiles {
  private map = new Map<number, { key: string; write: () => Promise<void> }>();
  private pending = new Map<number, { key: string; write: Promise<void> }>();
  constructor(private readonly max = 10_000) {}
  /** Writes the profile unless it was written (or is being written) with the same key. */
  async ensure(id: number, key: string, write: () => Promise<void>): Promise<void> {
    if (this.map.get(id)?.key === key) return;
    const inFlight = this.pending.get(id);
    if (inFlight?.key === key) return inFlight.write;
    const p = write().then(() => {
      this.map.delete(id);
      this.map.set(id, { key, write });
      if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    });
    const entry = { key, write: p };
    this.pending.set(id, entry);
    try {
      await p;
    } finally {
      if (this.pending.get(id) === entry) this.pending.delete(id);
    }
  }
  /** The user was deleted: the next call writes them anew. */
  forget(id: number) {
    this.map.delete(id);
  }
  /** The user was remembered as written but is missing: writes them again now. False when not remembered. */
  async restore(id: number): Promise<boolean> {
    const known = this.map.get(id);
    if (!known) return false;
    this.map.delete(id);
    await this.ensure(id, known.key, known.write);
    return true;
  }
}

/** The error of a call whose user has no row (never created, or deleted). */
export const USER_NOT_FOUND = 'Пользователь не найден';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** PostgreSQL stores neither U+0000 nor half a surrogate pair: NULs are dropped, halves become U+FFFD. */
export function storableText(s: string): string;
export function storableText(s: string | null | undefined): string | null | undefined;
export function storableText(s: string | null | undefined) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL text refuses, so it is removed.
  return typeof s === 'string' ? s.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\ufffd') : s;
}

function storableProfile(p: TelegramProfile): TelegramProfile {
  return {
    ...p,
    first_name: storableText(p.first_name),
    last_name: storableText(p.last_name),
    username: storableText(p.username),
    language_code: storableText(p.language_code),
    photo_url: storableText(p.photo_url),
  };
}

export function createUserService(deps: ServiceDeps) {
  const recent = new RecentProfiles();
  const preparedProfiles = new WeakMap<TelegramProfile, { givenStartParam: string | null | undefined; profile: TelegramProfile; startParam: string | null | undefined; key: string }>();

  async function requireUser(userId: number): Promise<User> {
    let user = await usersRepo.findUser(deps.db, userId);
    // Deleted through another instance while this one remembered the profile: a returning user, anew.
    if (!user && (await recent.restore(userId))) user = await usersRepo.findUser(deps.db, userId);
    if (!user) throw new ServiceError('not_found', USER_NOT_FOUND);
    return user;
  }

  // Status reads (one per request on every screen) are batched: while STATUS_QUERIES_IN_FLIGHT queries
  // run, the ids asked for meanwhile wait and go together in the next query. Batching only, no caching:
  // every call sees the database as it is after its own request began.
  let running = 0;
  const queued: Array<() => void> = [];
  const statusLoader = new DataLoader<number, { user: StatusUser; usage: DailyUsage | null } | undefined>(
    async (ids) => {
      running++;
      try {
        const found = await usersRepo.findUsersWithLatestUsage(deps.db, ids);
        return ids.map((id) => found.get(id));
      } finally {
        running--;
        queued.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: 200,
      batchScheduleFn: (dispatch) => (running < STATUS_QUERIES_IN_FLIGHT ? process.nextTick(dispatch) : queued.push(dispatch)),
    },
  );

  // PGlite: this process writes everything, so the rows are kept until the next write (status-cache.ts).
  const watch = writeWatchOf(deps.db);
  const cache = watch ? createStatusCache<{ user: StatusUser; usage: DailyUsage | null }>(watch) : null;

  async function status(userId: number): Promise<{ user: StatusUser; status: UserStatus }> {
    const load = () => (cache ? cache.through(userId, () => statusLoader.load(userId)) : statusLoader.load(userId));
    let found = await load();
    if (!found && (await recent.restore(userId))) found = await load();
    if (!found) throw new ServiceError('not_found', USER_NOT_FOUND);
    return { user: found.user, status: buildStatus(found.user, found.usage, deps.clock(), deps.specialAccessUserIds) };
  }

  return {
    requireUser,
    status,

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
    async touchProfile(given: TelegramProfile, givenStartParam?: string | null): Promise<void> {
      // The verified identity (and so `given`) is one object per session: its cleaning is done once.
      let prepared = preparedProfiles.get(given);
      if (!prepared || prepared.givenStartParam !== givenStartParam) {
        // A signed profile may still hold what the database cannot store (a NUL, half a surrogate pair).
        const profile = storableProfile(given);
        const startParam = storableText(givenStartParam);
        const key = JSON.stringify([profile.first_name, profile.last_name, profile.username, profile.language_code, profile.is_premium, profile.photo_url, startParam ?? null]);
        prepared = { givenStartParam, profile, startParam, key };
        preparedProfiles.set(given, prepared);
      }
      const { profile, startParam, key } = prepared;
      await recent.ensure(profile.id, key, () => usersRepo.upsertProfile(deps.db, profile, deps.defaultTimeZone, startParam));
    },

    /** After the user's data was deleted: a later call creates the user afresh. */
    forget: (userId: number) => recent.forget(userId),

    /** A user known only by id (server-signed launch token, bot update). */
    async ensure(userId: number): Promise<void> {
      await recent.ensure(userId, '', () => usersRepo.ensureUser(deps.db, userId, deps.defaultTimeZone));
    },

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
          guard = used && (used.spreads_used > 0 || used.daily_card_used) ? open : null;
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
