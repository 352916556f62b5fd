// Send pacing under Telegram's limits: a global rate (messages per second, all chats together) and one
// message per second per chat. Installed as an API transformer *inside* auto-retry, so every attempt —
// retries after a 429 too — takes a slot.
import type { Transformer } from 'grammy';
import { setTimeout as sleep } from 'node:timers/promises';

/** Where the per-chat pacing reads the time and waits: the real clock, or a virtual one in tests. */
export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacingClock = { now: () => performance.now(), sleep };

/**
 * At most `rate` requests in any window of `windowMs`, as the receiver counts them, whatever the network
 * does in between: a request holds its slot from its start until `windowMs` after its answer came back.
 * (Any `rate + 1` requests that reach Telegram within one window would all have been holding slots when
 * the last of them started.) Starts are also spaced evenly; FIFO.
 */
export function createRateLimiter(rate: number, windowMs = 1000) {
  const spacing = windowMs / rate;
  const ended: number[] = []; // answer times of finished requests, oldest first
  const queue: ((release: () => void) => void)[] = [];
  let inFlight = 0;
  let last = -Infinity;
  let timer: NodeJS.Timeout | null = null;

  function release() {
    inFlight--;
    ended.push(performance.now());
    pump();
  }

  function pump() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length) {
      const now = performance.now();
      while (ended.length && ended[0] + windowMs < now) ended.shift();
      let at = last + spacing;
      if (inFlight + ended.length >= rate) {
        // Full: the next slot frees when the oldest answer leaves the window (or a request ends: pump again).
        if (!ended.length) return;
        at = Math.max(at, ended[0] + windowMs + 1);
      }
      if (at > now) {
        timer = setTimeout(pump, Math.ceil(at - now));
        return;
      }
      last = now;
      inFlight++;
      let released = false;
      queue.shift()!(() => {
        if (released) return;
        released = true;
        release();
      });
    }
  }

  return {
    /** Waits for a slot; call the returned function when the request's answer (or failure) is in. */
    acquire(): Promise<() => void> {
      return new Promise((resolve) => {
        queue.push(resolve);
        if (!timer) pump();
      });
    },
  };
}

/** One message per `intervalMs` per chat; the map forgets chats that have been quiet. */
export function createPerChatLimiter(intervalMs = 1000, clock: PacingClock = realClock) {
  const next = new Map<string, number>();
  let sweepAt = 0;
  return async function acquire(chat: string): Promise<void> {
    const now = clock.now();
    if (next.size > 10_000 && now > sweepAt) {
      sweepAt = now + intervalMs;
      for (const [k, t] of next) if (t < now) next.delete(k);
    }
    const at = Math.max(now, next.get(chat) ?? 0);
    next.set(chat, at + intervalMs);
    if (at > now) await clock.sleep(at - now);
  };
}

/**
 * At most `limit` messages in any `windowMs` per chat, and at least `spacingMs` apart: Telegram's limit for a
 * group (about 20 a minute). Each call reserves its time at once (FIFO: none overtakes an earlier one) and
 * waits for it: a burst is queued, never dropped. The map forgets chats that have been quiet for a window.
 */
export function createWindowLimiter(limit: number, windowMs: number, spacingMs: number, clock: PacingClock = realClock) {
  const starts = new Map<string, number[]>();
  return async function acquire(chat: string): Promise<void> {
    const now = clock.now();
    for (const [k, times] of starts) if (times[times.length - 1] + windowMs < now) starts.delete(k);
    const times = starts.get(chat) ?? [];
    let at = Math.max(now, times.length ? times[times.length - 1] + spacingMs : now);
    if (times.length >= limit) at = Math.max(at, times[times.length - limit] + windowMs);
    times.push(at);
    if (times.length > limit) times.splice(0, times.length - limit);
    starts.set(chat, times);
    if (at > now) await clock.sleep(at - now);
  };
}

/** Telegram's limit on messages into one group: 20 a minute. */
export const GROUP_MESSAGES_PER_MINUTE = 20;

/**
 * Pacing of what goes to the operators' chats (the support desk's relays, its notes): within a group's rate,
 * queued rather than refused by Telegram. Installed on the bot's Api inside auto-retry, so a retry is paced too.
 */
export function operatorChatPacing(operatorChats: () => number[], clock?: PacingClock): Transformer {
  const acquire = createWindowLimiter(GROUP_MESSAGES_PER_MINUTE, 60_000, 1000, clock);
  return async (prev, method, payload, signal) => {
    const chat = (payload as { chat_id?: unknown })?.chat_id;
    if (PACED.has(method) && (typeof chat === 'number' || typeof chat === 'string') && operatorChats().includes(Number(chat)))
      await acquire(String(chat));
    return prev(method, payload, signal);
  };
}

/** Methods that post into a chat and count against the limits. */
const PACED = new Set(['sendMessage', 'sendPhoto', 'sendInvoice', 'copyMessage', 'forwardMessage', 'sendDocument', 'sendAnimation']);

/** The pacing transformer: per chat first (so a waiting chat holds no global slot), then the global rate. */
export function pacing(o: { ratePerSecond: number | null; perChatIntervalMs?: number; perChatClock?: PacingClock }): Transformer {
  const global = o.ratePerSecond ? createRateLimiter(o.ratePerSecond) : null;
  const perChat = createPerChatLimiter(o.perChatIntervalMs ?? 1000, o.perChatClock);
  return async (prev, method, payload, signal) => {
    if (PACED.has(method)) {
      const chat = (payload as { chat_id?: unknown })?.chat_id;
      if (chat !== undefined && chat !== null) await perChat(String(chat));
      if (global) {
        const release = await global.acquire();
        try {
          return await prev(method, payload, signal);
        } finally {
          release();
        }
      }
    }
    return prev(method, payload, signal);
  };
}
