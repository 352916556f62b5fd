// The bot's updates, handed over the two ways Telegram does: queued for getUpdates (long polling), or posted
// to the webhook with its secret token and retried while the server answers non-2xx.
import crypto from 'node:crypto';

type Update = Record<string, unknown> & { update_id: number };

export interface UpdateQueueOptions {
  /** How webhook deliveries are posted (tests send them to a local address instead of the public one). */
  fetch?: typeof fetch;
}

export function createUpdateQueue(o: UpdateQueueOptions = {}) {
  const post = o.fetch ?? fetch;
  let nextUpdateId = crypto.randomInt(100_000, 900_000);
  let pending: Update[] = [];
  const waiters = new Set<() => void>();
  let webhook: { url: string; secret?: string } | null = null;
  const deliveries = new Set<Promise<void>>();

  /** Posts an update to the webhook as Telegram does; retried a few times while the server answers non-2xx. */
  async function deliver(update: Update, attempts = 3): Promise<void> {
    const hook = webhook;
    if (!hook) return;
    for (let i = 0; i < attempts; i++) {
      try {
        const res = await post(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(hook.secret ? { 'X-Telegram-Bot-Api-Secret-Token': hook.secret } : {}) },
          body: JSON.stringify(update),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) return;
      } catch {
        /* the server is down: retry */
      }
      await new Promise((r) => setTimeout(r, 500 * (i + 1)));
    }
  }

  function deliverInBackground(update: Update) {
    const d = deliver(update).finally(() => deliveries.delete(d));
    deliveries.add(d);
  }

  const wake = () => {
    for (const w of waiters) w();
    waiters.clear();
  };

  return {
    /** Gives the bot an update (with the next update_id): to the webhook when one is set, else to getUpdates. */
    emit(update: Record<string, unknown>): Update {
      const u = { update_id: nextUpdateId++, ...update };
      if (webhook) deliverInBackground(u);
      else {
        pending.push(u);
        wake();
      }
      return u;
    },

    get webhook() {
      return webhook;
    },

    /** Updates not yet taken by getUpdates. */
    get pendingCount() {
      return pending.length;
    },

    setWebhook(url: string, secret: string | undefined, dropPending: boolean) {
      webhook = { url, secret };
      if (dropPending) pending = [];
      // Updates that waited for getUpdates go to the webhook now.
      const queued = pending;
      pending = [];
      for (const u of queued) deliverInBackground(u);
    },

    deleteWebhook(dropPending: boolean) {
      webhook = null;
      if (dropPending) pending = [];
    },

    /**
     * getUpdates: confirms the updates before `offset`, drops the kinds the bot did not ask for (as Telegram
     * does), and waits up to `timeoutMs` for one when none is queued (or until the bot hangs up).
     */
    async take(q: { offset: number; allowed?: string[]; limit: number; timeoutMs: number; signal?: AbortSignal }): Promise<Update[]> {
      if (q.offset) pending = pending.filter((u) => u.update_id >= q.offset);
      const wanted = (u: Update) => !q.allowed || q.allowed.some((k) => k in u);
      pending = pending.filter(wanted);
      if (pending.length === 0 && q.timeoutMs > 0 && !q.signal?.aborted) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            q.signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, q.timeoutMs);
          waiters.add(done);
          q.signal?.addEventListener('abort', done);
        });
      }
      return pending.filter(wanted).slice(0, q.limit);
    },

    /** Releases waiting long polls and lets webhook deliveries in flight finish. */
    async close() {
      wake();
      await Promise.allSettled([...deliveries]);
    },
  };
}
