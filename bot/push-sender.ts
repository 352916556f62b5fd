// The push worker: takes due jobs from the queue (FOR UPDATE SKIP LOCKED, so instances never share one),
// sends them paced under Telegram's limits through its own Api (auto-retry with patient limits, honouring
// retry_after), and records the outcome. A 403 marks the user unreachable at once, without retries; one
// job's failure never holds up the others (jobs run side by side, each with its own outcome).
import { autoRetry } from '@grammyjs/auto-retry';
import { Api, GrammyError, HttpError, InlineKeyboard } from 'grammy';
import type { Logger } from '../logger';
import { PUSH_KINDS, type NotificationService, type PushJob } from '../services/notifications';
import { REMINDERS_OFF_DATA, REMINDERS_OFF_TEXT } from './features/user-data';
import { pacing, type PacingClock } from './pacing';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PushSenderOptions {
  token: string;
  apiRoot: string;
  notifications: NotificationService;
  logger: Logger;
  /** The Mini App's base URL for the jobs' buttons; null: the message goes without a button. */
  webAppUrl: () => string | null;
  /** Messages per second over all chats (PUSH_RATE_PER_S); null: no limit (benchmarks). */
  ratePerSecond: number | null;
  /**
   * Sends with `allow_paid_broadcast` (Bot API 7.11): Telegram lets the bot go up to 1000 messages/s and
   * charges 0.1 Star per message above the free rate from the bot's balance. The pace is still ratePerSecond.
   */
  paidBroadcast?: boolean;
  perChatIntervalMs?: number;
  /** The per-chat pacing's clock (tests: a virtual one, to check the spacing exactly); real by default. */
  perChatClock?: PacingClock;
  /** Jobs in flight at once. */
  concurrency?: number;
  /**
   * Jobs claimed per statement (default: 4× concurrency without a rate limit, else the concurrency). A claim
   * has a large fixed cost (on PGlite, per job, less than half for 256 than for 32): claimed jobs wait in this
   * process for a free slot, and stop() gives back those never started.
   */
  claimBatch?: number;
  /** How long a claimed job stays ours; a sender that dies gives its jobs back after this. */
  leaseMs?: number;
  /** How often an idle sender looks at the queue (enqueues in this process wake it at once). */
  pollIntervalMs?: number;
  /** Attempts of a job that fails for a passing reason (network, 5xx) before it is given up. */
  maxJobAttempts?: number;
}

export interface PushStats {
  sent: number;
  skipped: number;
  failed: number;
  retried: number;
  blocked: number;
}

/**
 * A push button's address in the app; the daily reminder's carries its start parameter (?startapp=push_daily):
 * a web_app button's initData has none, so the app passes it on at sign-in and the funnel sees the entry point.
 */
function pushLink(base: string, path: string, kind: string): string {
  const url = new URL(path, `${base}/`);
  if (kind === PUSH_KINDS.dailyReminder) url.searchParams.set('startapp', 'push_daily');
  return url.toString();
}

export function createPushSender(o: PushSenderOptions) {
  const concurrency = o.concurrency ?? 64;
  const leaseMs = o.leaseMs ?? 10 * 60_000;
  const pollMs = o.pollIntervalMs ?? 5_000;
  const maxAttempts = o.maxJobAttempts ?? 5;
  const claimBatch = Math.max(1, o.claimBatch ?? (o.ratePerSecond === null ? 4 * concurrency : concurrency));
  const n = o.notifications;
  /** Claimed, not yet started (oldest first). */
  let claimed: PushJob[] = [];

  // The worker's own Api: pacing inside auto-retry, so retries are paced too. A flood wait longer than a
  // minute is not slept through here: the job goes back to the queue for then.
  const api = new Api(o.token, { apiRoot: o.apiRoot });
  api.config.use(pacing({ ratePerSecond: o.ratePerSecond, perChatIntervalMs: o.perChatIntervalMs, perChatClock: o.perChatClock }));
  api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 }));

  const stats: PushStats = { sent: 0, skipped: 0, failed: 0, retried: 0, blocked: 0 };
  const inFlight = new Set<Promise<void>>();
  /** Users who answered 403 during this run: their other jobs are not even tried. */
  const blockedUsers = new Set<number>();
  let sentIds: number[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let woken = false;
  const unsubscribe = n.onEnqueue(() => poke());

  function poke() {
    woken = true;
    wake?.();
  }

  /** Successful sends are recorded in batches (one UPDATE per batch, not per message). */
  async function flushSent() {
    if (flushTimer) {
      clearTimeout(flushTimer);
      flushTimer = null;
    }
    const ids = sentIds;
    sentIds = [];
    if (ids.length) await n.sent(ids);
  }

  function markSent(id: number) {
    sentIds.push(id);
    if (sentIds.length >= 100) void flushSent().catch((err) => o.logger.error({ err }, 'push: recording sent jobs failed'));
    else if (!flushTimer)
      flushTimer = setTimeout(() => void flushSent().catch((err) => o.logger.error({ err }, 'push: recording sent jobs failed')), 200);
  }

  function buttonFor(job: PushJob) {
    const base = o.webAppUrl();
    const b = job.payload.button;
    const kb = new InlineKeyboard();
    if (base && b) kb.webApp(b.text, pushLink(base, b.path, job.kind));
    // Consent: every reminder can be switched off in one tap (a payment's message is not a reminder).
    if (job.kind !== PUSH_KINDS.payment && job.kind !== PUSH_KINDS.subscriptionFailed) {
      if (base && b) kb.row();
      kb.text(REMINDERS_OFF_TEXT, REMINDERS_OFF_DATA);
    }
    return kb.inline_keyboard.length && kb.inline_keyboard[0].length ? kb : undefined;
  }

  async function process(job: PushJob): Promise<void> {
    const stale = blockedUsers.has(job.user_id) ? 'user unreachable' : n.staleReason(job);
    if (stale) {
      stats.skipped++;
      await n.skipped(job.id, stale);
      return;
    }
    try {
      await api.sendMessage(job.user_id, job.payload.text, {
        reply_markup: buttonFor(job),
        link_preview_options: { is_disabled: true },
        ...(o.paidBroadcast ? { allow_paid_broadcast: true } : {}),
      });
      stats.sent++;
      markSent(job.id);
    } catch (err) {
      await failed(job, err);
    }
  }

  async function failed(job: PushJob, err: unknown) {
    if (err instanceof GrammyError && err.error_code === 403) {
      // Blocked, deactivated, never started: no retries, no more pushes to this user.
      stats.blocked++;
      stats.failed++;
      blockedUsers.add(job.user_id);
      await n.failed(job.id, err.description);
      await n.blocked(job.user_id, err.description);
      return;
    }
    if (err instanceof GrammyError && err.error_code === 429) {
      const after = err.parameters.retry_after ?? 60;
      stats.retried++;
      await n.retryLater(job.id, new Date(Date.now() + after * 1000), err.description);
      return;
    }
    if (err instanceof GrammyError && err.error_code < 500) {
      // A request Telegram will never accept (chat not found, bad markup): retrying cannot help.
      stats.failed++;
      o.logger.warn({ jobId: job.id, userId: job.user_id, description: err.description }, 'push refused');
      await n.failed(job.id, err.description);
      return;
    }
    const message = err instanceof HttpError || err instanceof GrammyError ? err.message : String((err as Error)?.message ?? err);
    if (job.attempts >= maxAttempts) {
      stats.failed++;
      o.logger.warn({ jobId: job.id, userId: job.user_id, err }, 'push given up');
      await n.failed(job.id, message);
    } else {
      stats.retried++;
      await n.retryLater(job.id, new Date(Date.now() + 60_000 * 2 ** (job.attempts - 1)), message);
    }
  }

  /** Jobs of one user run one after another: after a 403 the next one is skipped, not tried. */
  const userChains = new Map<number, Promise<void>>();

  function start(job: PushJob) {
    const before = userChains.get(job.user_id) ?? Promise.resolve();
    const p: Promise<void> = before
      .then(() => process(job))
      .catch((err) => o.logger.error({ err, jobId: job.id }, 'push job failed'))
      .finally(() => {
        inFlight.delete(p);
        if (userChains.get(job.user_id) === p) userChains.delete(job.user_id);
        poke();
      });
    userChains.set(job.user_id, p);
    inFlight.add(p);
  }

  /** Waits until poked, a slot frees up, or `ms` passes. */
  function pause(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        wake = null;
        woken = false;
        resolve();
      }
      wake = done;
    });
  }

  /** Starts claimed jobs while slots are free. */
  function startClaimed() {
    const free = concurrency - inFlight.size;
    if (free <= 0 || claimed.length === 0) return;
    for (const job of claimed.splice(0, free)) start(job);
  }

  /**
   * One pass of the loop: starts claimed jobs in free slots, and claims more once fewer than half the slots'
   * worth are waiting. Returns false when idle.
   */
  async function fill(): Promise<boolean> {
    startClaimed();
    if (claimed.length >= Math.max(1, Math.floor(concurrency / 2))) return true;
    const free = concurrency - inFlight.size;
    // With nothing waiting and less than half the slots free, the jobs in flight are left to finish first.
    if (claimed.length === 0 && free < Math.max(1, Math.floor(concurrency / 2))) return true;
    const jobs = await n.claim(Math.max(free, claimBatch - claimed.length), leaseMs);
    claimed.push(...jobs);
    startClaimed();
    return jobs.length > 0 || claimed.length > 0;
  }

  async function run() {
    while (running) {
      try {
        await fill();
        await pause(pollMs);
      } catch (err) {
        o.logger.error({ err }, 'push: claiming jobs failed');
        await sleep(Math.min(pollMs, 5_000));
      }
    }
  }

  return {
    /** Runs until stop(): claims, sends, sleeps while the queue is empty. */
    start() {
      if (running) return;
      running = true;
      loop = run();
    },

    /** Stops claiming, finishes the jobs in flight, records them. */
    async stop() {
      running = false;
      unsubscribe();
      wake?.();
      await loop;
      // Claimed but never started: back to the queue now, not after the lease.
      const unstarted = claimed.map((j) => j.id);
      claimed = [];
      await n.released(unstarted).catch((err) => o.logger.error({ err }, 'push: giving back claimed jobs failed'));
      await Promise.allSettled([...inFlight]);
      await flushSent();
    },

    /** Sends everything due now, then returns (tests, benchmarks, a one-off run). */
    async drain(): Promise<PushStats> {
      for (;;) {
        const busy = await fill();
        if (!busy && inFlight.size === 0) break;
        // Woken by the next job that finishes (a race over every job in flight would cost O(n) each time).
        if (inFlight.size > 0) await pause(60_000);
      }
      await flushSent();
      return { ...stats };
    },
  };
}
