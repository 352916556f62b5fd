// Push notifications: what is due (the daily-card reminder at a local time, the week-pass expiry notices,
// the notice a day before a plan renews, payment confirmations) goes into a queue in PostgreSQL; the bot's sender takes jobs from it. The queue's
// unique key (user, kind, key) makes scheduling idempotent across instances and restarts.
import * as repo from '../db/repositories/notifications';
import * as paymentsRepo from '../db/repositories/payments';
import * as usersRepo from '../db/repositories/users';
import { resolvePricing } from '../domain/commerce/pricing';
import { renewalReminderText } from '../domain/commerce/renewal';
import { nextCharge } from './payments/renewal';
import type { ClaimedJob } from '../db/repositories/notifications';
import type { Db } from '../db/connection';
import type { NotificationPayload } from '../db/schema';
import { reminderText } from '../domain/tarot/ritual';
import { microSummary, productName } from '../domain/commerce/claims';
import { PRODUCT_INFO, storedPlan } from '../domain/commerce/catalogue';
import { effectiveTier } from '../domain/commerce/entitlement';
import { BoundedMap } from '../domain/text/bounded-map';
import { DAY_MS, isValidTimeZone, localDate, nextLocalMidnight, zonedTimeToUtc } from '../domain/text/time';
import type { Tier } from '../domain/types';
import { DEFAULT_REMINDER_TIME, type ServiceDeps } from './deps';

export const PUSH_KINDS = {
  dailyReminder: 'daily_reminder',
  weekExpiring: 'week_expiring',
  weekExpired: 'week_expired',
  payment: 'payment',
  renewalReminder: 'renewal_reminder',
  /** A Stars subscription's renewal failed (services/payments/stars-subscription.ts). */
  subscriptionFailed: 'subscription_failed',
  /** «Итоги месяца» (services/monthly-report.ts). */
  monthlyReport: 'monthly_report',
} as const;

/** Reminders are sent only this long after the configured local time (never late at night after downtime). */
const REMINDER_WINDOW_MS = 3 * 3600_000;
/** Jobs enqueued in one scheduler pass from which the queue's statistics are refreshed (repo.analyzeQueue). */
const ANALYZE_AFTER_JOBS = 1000;
/** The end of the window kept free of planned reminders, for retries. */
const REMINDER_MARGIN_MS = 30 * 60_000;

/** A product in the payment push: its catalogue name, the micro pack with what it gives. */
const pushProductName = (product: string) => (product === 'micro' ? `${productName(product)}: ${microSummary()}` : productName(product));

/** The daily reminder: its gentle copy changes from day to day (domain/tarot/ritual.ts). */
const dailyReminder = (day: string): NotificationPayload => ({
  text: reminderText(day),
  button: { text: '🃏 Открыть карту дня', path: '/daily-card' },
});

function formatLocal(instant: Date, timeZone: string): string {
  const tz = isValidTimeZone(timeZone) ? timeZone : 'Europe/Moscow';
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone: tz, day: 'numeric', month: 'long' }).format(instant);
  const time = new Intl.DateTimeFormat('ru-RU', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  return `${date} в ${time}`;
}

export type PushJob = ClaimedJob;

export function createNotificationService(deps: ServiceDeps) {
  const reminderTime = deps.dailyReminderTime ?? DEFAULT_REMINDER_TIME;
  /**
   * When a day's reminder window ends in a zone (ms), by `zone day`: the sender asks it for every reminder it
   * sends, and the same few answers cost Intl formatting each time (about a twelfth of the sender's CPU on PostgreSQL).
   */
  const windowEnds = new BoundedMap<string, number>(1000);
  const reminderWindowEnd = (day: string, tz: string): number => {
    const key = `${tz} ${day}`;
    let end = windowEnds.get(key);
    if (end === undefined) {
      end = zonedTimeToUtc(day, reminderTime, tz).getTime() + REMINDER_WINDOW_MS;
      windowEnds.set(key, end);
    }
    return end;
  };
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const fn of listeners) fn();
  };

  /**
   * How long one zone's reminders are spread: as long as the sender needs for them at its rate, within what
   * is left of the window less a margin (for retries); none without a known rate. A spread that would not
   * fit means the rate is too low for the audience (docs/operations.md: what a million users needs).
   */
  async function reminderSpreadS(timeZone: string, leftMs: number): Promise<number> {
    const rate = deps.pushRatePerSecond;
    if (!rate) return 0;
    const needS = (await repo.countReminderCandidates(deps.db, timeZone)) / rate;
    return Math.max(0, Math.min(needS, (leftMs - REMINDER_MARGIN_MS) / 1000));
  }

  async function enqueueWeekNotices(now: Date): Promise<number> {
    // One notice per user whose week pass expires between `from` and `to` (the expiry de-duplicates it).
    const enqueue = async (
      kind: string,
      from: Date,
      to: Date,
      payload: (u: { subscription_expires: Date | null; time_zone: string }) => NotificationPayload,
    ) => {
      let count = 0;
      for (const u of await repo.usersWithExpiryBetween(deps.db, { plan: 'week', from, to, kind })) {
        const inserted = await repo.insertNotification(deps.db, {
          userId: u.id,
          kind,
          dedupKey: repo.expiryKey(u.subscription_expires!),
          priority: 5,
          notBefore: now,
          payload: payload(u),
        });
        if (inserted) count++;
      }
      return count;
    };
    const expiring = await enqueue(PUSH_KINDS.weekExpiring, now, new Date(now.getTime() + DAY_MS), (u) => ({
      text: `⏳ Ваша «${PRODUCT_INFO.week.name}» заканчивается ${formatLocal(u.subscription_expires!, u.time_zone)}. Продлите доступ, чтобы расклады и толкования оставались без ограничений.`,
      button: { text: '✨ Продлить доступ', path: '/subscription' },
    }));
    const expired = await enqueue(PUSH_KINDS.weekExpired, new Date(now.getTime() - DAY_MS), new Date(now.getTime() + 1), () => ({
      text: `🌙 Ваша «${PRODUCT_INFO.week.name}» закончилась. Бесплатный расклад дня по-прежнему с вами, а безлимит можно вернуть в приложении.`,
      button: { text: '✨ Вернуть безлимит', path: '/subscription' },
    }));
    return expiring + expired;
  }

  /** A day before each renewal: what will be charged, when, and how to cancel (the charge's time de-duplicates it). */
  async function enqueueRenewalNotices(now: Date): Promise<number> {
    const pricing = resolvePricing(deps.payments?.pricing);
    let count = 0;
    for (const r of await paymentsRepo.listRenewalsBetween(deps.db, now, new Date(now.getTime() + DAY_MS))) {
      const next = nextCharge(r, r.renews_at!, pricing);
      const inserted = await repo.insertNotification(deps.db, {
        userId: r.user_id,
        kind: PUSH_KINDS.renewalReminder,
        dedupKey: repo.expiryKey(r.renews_at!),
        priority: 5,
        notBefore: now,
        payload: {
          text: renewalReminderText(PRODUCT_INFO[storedPlan(r.plan)].name, next, r.time_zone),
          button: { text: '⚙️ Управлять подпиской', path: '/subscription' },
        },
      });
      if (inserted) count++;
    }
    return count;
  }

  return {
    /** Registers a callback run whenever this instance enqueues a job (the sender wakes up at once). */
    onEnqueue(fn: () => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    /**
     * Enqueues everything due at `now`: the daily reminder for users whose local time has reached the
     * reminder time today (within a window), and the week-pass notices (24 h before and at expiry).
     */
    async scheduleDue(now: Date = deps.clock()): Promise<{ dailyReminders: number; weekPass: number; renewals: number }> {
      let dailyReminders = 0;
      for (const tz of await repo.reminderTimeZones(deps.db)) {
        if (!isValidTimeZone(tz)) continue;
        const day = localDate(now, tz);
        const at = zonedTimeToUtc(day, reminderTime, tz);
        const end = Math.min(at.getTime() + REMINDER_WINDOW_MS, nextLocalMidnight(now, tz).getTime());
        if (now < at || now.getTime() >= end) continue;
        dailyReminders += await repo.enqueueDailyReminders(deps.db, {
          timeZone: tz,
          day,
          kind: PUSH_KINDS.dailyReminder,
          payload: dailyReminder(day),
          notBefore: now,
          spreadS: await reminderSpreadS(tz, end - now.getTime()),
        });
      }
      const weekPass = await enqueueWeekNotices(now);
      const renewals = await enqueueRenewalNotices(now);
      const released = await repo.releaseExpiredLeases(deps.db, now);
      // A large enqueue leaves the queue's statistics behind, and the claims would sort every due job.
      if (dailyReminders + weekPass + renewals >= ANALYZE_AFTER_JOBS) await repo.analyzeQueue(deps.db);
      if (dailyReminders + weekPass + renewals + released > 0) wake();
      return { dailyReminders, weekPass, renewals };
    },

    /**
     * The message for a confirmed payment (called by the payments code, inside its transaction when it
     * passes `trx`): what was activated and until when. `paymentId` de-duplicates redelivered events.
     */
    async paymentConfirmed(
      userId: number,
      p: { product: string; until?: Date | null; paymentId?: string; timeZone?: string; renewal?: { text: string; renews: boolean } },
      trx?: Db,
    ): Promise<boolean> {
      const q = trx ?? deps.db;
      const name = pushProductName(p.product);
      let tz = p.timeZone;
      if (!tz) {
        tz = (await usersRepo.findTimeZone(q, userId)) ?? deps.defaultTimeZone;
      }
      // One end date per receipt: a plan's renewal line already names it (the renewal's date, or «доступ до …»),
      // so the access line is only for what has no renewal line (the week pass, the micro pack).
      const renewalDated = !!p.renewal && /\d{2}\.\d{2}\.\d{4}/.test(p.renewal.text);
      const until = p.until && !renewalDated ? ` Доступ действует до ${formatLocal(p.until, tz)}.` : '';
      // Whether it renews, and the next charge's amount and date (a plan); how to stop it when it does.
      const renewal = p.renewal
        ? `\n${p.renewal.text}.${p.renewal.renews ? ' Отключить автопродление можно в приложении: «Подписка».' : ''}`
        : '';
      const now = deps.clock();
      const inserted = await repo.insertNotification(q, {
        userId,
        kind: PUSH_KINDS.payment,
        dedupKey: p.paymentId ?? `${p.product}:${(p.until ?? now).toISOString()}`,
        priority: 10,
        notBefore: now,
        payload: {
          text: `✅ Оплата получена, спасибо! Активировано: «${name}».${until}${renewal}`,
          button: { text: '🔮 Открыть приложение', path: p.product === 'micro' ? '/micro-result' : '/' },
        },
      });
      // Inside the caller's transaction the job becomes visible at commit: the sender looks again shortly
      // after (and its regular poll would find it anyway).
      if (inserted) {
        if (trx) setTimeout(wake, 250).unref();
        else wake();
      }
      return inserted;
    },

    /** Takes due jobs for this sender until `leaseMs` from now (a dead sender's jobs come back after it). */
    claim(limit: number, leaseMs: number): Promise<PushJob[]> {
      const now = deps.clock();
      return repo.claimDue(deps.db, { now, limit, leaseUntil: new Date(now.getTime() + leaseMs) });
    },

    /** Why a claimed job should not be sent any more (null: send it). */
    staleReason(job: PushJob): string | null {
      if (!job.bot_reachable) return 'user unreachable';
      const now = deps.clock();
      switch (job.kind) {
        case PUSH_KINDS.dailyReminder: {
          if (!job.notify_daily) return 'reminders off';
          if (job.card_drawn) return 'card already drawn';
          // A backlog never sends a morning reminder late in the day: the window is over, it is dropped.
          if (isValidTimeZone(job.time_zone) && now.getTime() >= reminderWindowEnd(job.dedup_key, job.time_zone))
            return 'reminder window over';
          return null;
        }
        case PUSH_KINDS.weekExpiring:
        case PUSH_KINDS.weekExpired: {
          const exp = job.subscription_expires;
          if (job.subscription_type !== 'week' || !exp || repo.expiryKey(exp) !== job.dedup_key) return 'plan changed';
          if (job.kind === PUSH_KINDS.weekExpiring && exp <= now) return 'already expired';
          if (job.kind === PUSH_KINDS.weekExpired && effectiveTier(job.subscription_type as Tier, exp, now) !== 'free')
            return 'still active';
          return null;
        }
        case PUSH_KINDS.monthlyReport:
          return job.notify_daily ? null : 'reminders off';
        case PUSH_KINDS.renewalReminder:
          // Cancelled (or the plan changed) since it was queued: nothing will be charged, nothing to say.
          if (!job.subscription_auto_renew || job.subscription_type === 'free' || job.subscription_type === 'week') return 'renewal off';
          return null;
        default:
          return null;
      }
    },

    sent: (ids: number[]) => repo.markSent(deps.db, ids, deps.clock()),
    /** Claimed jobs a stopping sender did not start: pending again, for any sender. */
    released: (ids: number[]) => repo.releaseClaimed(deps.db, ids),
    skipped: (id: number, reason: string) => repo.markDone(deps.db, id, { status: 'skipped', error: reason }),
    failed: (id: number, error: string) => repo.markDone(deps.db, id, { status: 'failed', error }),
    retryLater: (id: number, at: Date, error: string) => repo.markDone(deps.db, id, { retryAt: at, error }),

    /** Telegram said 403 (blocked, deactivated): no more pushes to this user, none retried. */
    async blocked(userId: number, reason: string): Promise<void> {
      await repo.setBotReachable(deps.db, userId, false);
      await repo.skipPendingForUser(deps.db, userId, reason);
    },

    /** my_chat_member: kicked → unreachable; member again (or /start) → reachable. */
    setReachable: (userId: number, reachable: boolean) => repo.setBotReachable(deps.db, userId, reachable),

    /** Forgets finished jobs older than two weeks. */
    cleanup: (now: Date = deps.clock()) => repo.pruneNotifications(deps.db, new Date(now.getTime() - 14 * DAY_MS)),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
