// The local Telegram with the controls only tests and benches use, in front of its Bot API: every call
// recorded with its time (pacing checks), the next sends to a chat failing as Telegram fails them (429 with
// retry_after, 400, 500), webhook deliveries sent to a local address, raw updates. Local mode builds the
// plain createLocalTelegram (main.ts), so none of these controls exists in what `npm start` runs.
import { Hono } from 'hono';
import { localBotApi, serveLocalTelegram, type LocalTelegramOptions } from '../bot/local-telegram/index';
import type { Params } from '../bot/local-telegram/rules';
import { chatIdOf, createStore } from '../bot/local-telegram/store';
import { BOT_API_PATH, callParams, failure } from '../bot/local-telegram/transport';

interface RecordedCall {
  method: string;
  params: Params;
  /** ms since the fake started (monotonic). */
  at: number;
  chatId: number | null;
  ok: boolean;
  errorCode?: number;
}

/** An error Telegram answers with, as failNext queues it. */
interface InjectedFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/** A queued failure, for any send or for one method only. */
type QueuedFailure = InjectedFailure & { method?: string };

export interface TestTelegramOptions extends Omit<LocalTelegramOptions, 'fetch'> {
  /** Keep at most this many recorded calls. */
  maxRecordedCalls?: number;
}

/** The methods failNext fails: those that send into a chat, and a refund to a user. */
const FAILABLE_METHODS = new Set([
  'sendMessage',
  'sendMessageDraft',
  'sendRichMessage',
  'sendRichMessageDraft',
  'sendPhoto',
  'sendInvoice',
  'editMessageText',
  'editMessageReplyMarkup',
  'copyMessage',
  'forwardMessage',
  'refundStarPayment',
]);

export function createTestTelegram(o: TestTelegramOptions) {
  const maxCalls = o.maxRecordedCalls ?? 20_000;
  const started = performance.now();
  const calls: RecordedCall[] = [];
  const injected = new Map<number, QueuedFailure[]>();
  /** Where webhook deliveries really go (the registered URL is the public one, unreachable here). */
  let webhookTarget: string | null = null;
  const store = createStore({ ...o, fetch: (url, init) => fetch(webhookTarget ?? url, init) });

  function record(method: string, params: Params, ok: boolean, errorCode?: number) {
    calls.push({ method, params, at: performance.now() - started, chatId: chatIdOf(params), ok, errorCode });
    // Trimmed in chunks: a shift per call would cost O(n) each time.
    if (calls.length > maxCalls * 1.25) calls.splice(0, calls.length - maxCalls);
  }

  const botApi = new Hono()
    .use(BOT_API_PATH, async (c, next) => {
      if (c.req.param('bot') !== `bot${o.token}`) return next();
      let params: Params;
      try {
        params = await callParams(c);
      } catch {
        return next(); // the Bot API answers 400
      }
      const method = c.req.param('method');
      const chatId = chatIdOf(params);
      const queue = chatId !== null && FAILABLE_METHODS.has(method) ? injected.get(chatId) : undefined;
      const at = queue ? queue.findIndex((f) => !f.method || f.method === method) : -1;
      if (queue && at >= 0) {
        const fault = queue.splice(at, 1)[0];
        if (!queue.length) injected.delete(chatId!);
        record(method, params, false, fault.error_code);
        return failure(c, fault);
      }
      await next();
      const ok = c.res.status === 200;
      // Long polls would drown the rest.
      if (method !== 'getUpdates' || !ok) record(method, params, ok, ok ? undefined : c.res.status);
    })
    .route('/', localBotApi(store));

  const controls = {
    /** Every Bot API call the bot made (getUpdates excepted), in order, with a monotonic time in ms. */
    calls,

    /** The next `count` sends to `chatId` (or refunds to that user; of `method` only, when given) fail with this error (429 with retry_after, 500, …). */
    failNext(chatId: number, error: InjectedFailure, count = 1, method?: string) {
      const q = injected.get(chatId) ?? [];
      for (let i = 0; i < count; i++) q.push({ ...error, method });
      injected.set(chatId, q);
    },

    /** The most successful sends in any window of `windowMs` (pacing checks). */
    maxSendsPerWindow(windowMs = 1000, method = 'sendMessage'): number {
      const times = calls.filter((c) => c.method === method && c.ok).map((c) => c.at);
      let best = 0;
      let lo = 0;
      for (let hi = 0; hi < times.length; hi++) {
        while (times[hi] - times[lo] >= windowMs) lo++;
        best = Math.max(best, hi - lo + 1);
      }
      return best;
    },

    /** Sends webhook deliveries to `url` instead of the registered address (tests behind no public URL). */
    deliverWebhooksTo(url: string | null) {
      webhookTarget = url;
    },

    /** Sends the bot an update as given (with the next update_id), e.g. a replayed successful_payment. */
    sendUpdate(update: Record<string, unknown>) {
      return store.updates.emit(update);
    },

    /** Updates not yet taken by getUpdates. */
    get pendingUpdates() {
      return store.updates.pendingCount;
    },

    /** The webhook the bot set, or null while it long-polls. */
    get webhook() {
      return store.updates.webhook;
    },
  };
  const tg = serveLocalTelegram(store, botApi);
  return Object.defineProperties(tg, Object.getOwnPropertyDescriptors(controls)) as typeof tg & typeof controls;
}

export type TestTelegram = ReturnType<typeof createTestTelegram>;
