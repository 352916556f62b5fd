// A local Telegram: enough of the Bot API for everything the bot uses, served on a loopback port, plus the
// user's side of each private chat (type, tap buttons, send web_app_data, block the bot, pay invoices).
// Local mode (no BOT_TOKEN) runs the bot against it and shows it at /dev/telegram; tests and benches use it
// as the fake Bot API through TELEGRAM_API_ROOT. It answers the way Telegram does where the bot could get
// it wrong: HTML that does not parse, unchanged edits, too long texts and bad buttons are refused with 400.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseTelegramHtml } from './html';

export interface FakeUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface ChatMessage {
  message_id: number;
  from: 'bot' | 'user';
  date: number;
  /** Plain text as the user sees it (HTML tags stripped). */
  text: string;
  /** Safe HTML for the page. */
  html: string;
  parse_mode?: string;
  reply_markup?: any;
  edited?: boolean;
  /** Extra parts of the message (invoice, web_app_data, successful_payment, service notes). */
  kind?: 'text' | 'invoice' | 'web_app_data' | 'payment' | 'service';
  invoice?: { title: string; description: string; currency: string; total_amount: number; payload: string; subscription_period?: number };
  /** A photo the bot uploaded: its size in bytes and, for a PNG, its pixel size (read from the header). */
  photo?: { bytes: number; width: number | null; height: number | null; type: string };
}

interface Chat {
  user: FakeUser;
  messages: ChatMessage[];
  nextMessageId: number;
  version: number;
  /** The reply keyboard the bot set (ReplyKeyboardMarkup) or null. */
  keyboard: any | null;
  menuButton: any | null;
  /** Toasts from answerCallbackQuery, newest last. */
  toasts: { text: string; alert: boolean; at: number }[];
  blocked: boolean;
  waiters: Set<() => void>;
}

export interface RecordedCall {
  method: string;
  params: Record<string, any>;
  /** ms since the fake started (monotonic). */
  at: number;
  chatId: number | null;
  ok: boolean;
  errorCode?: number;
}

interface Injected {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export interface LocalTelegramOptions {
  token: string;
  botUsername?: string;
  botName?: string;
  /** Keep at most this many recorded calls (local mode runs for days). */
  maxRecordedCalls?: number;
}

const SEND_METHODS = new Set(['sendMessage', 'sendPhoto', 'sendInvoice', 'editMessageText', 'editMessageReplyMarkup', 'copyMessage', 'forwardMessage']);
const MAX_TEXT = 4096;

class ApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

const bad = (description: string) => new ApiFailure(400, `Bad Request: ${description}`);

export function createLocalTelegram(o: LocalTelegramOptions) {
  const token = o.token;
  const botId = Number(token.split(':')[0]);
  const me = {
    id: botId,
    is_bot: true,
    first_name: o.botName ?? 'Таро',
    username: o.botUsername ?? 'tarot_local_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
  };
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const unix = () => Math.floor(Date.now() / 1000);

  const chats = new Map<number, Chat>();
  const calls: RecordedCall[] = [];
  const maxCalls = o.maxRecordedCalls ?? 20_000;
  const injected = new Map<number, Injected[]>();
  let commands: Record<string, any[]> = {};
  let defaultMenuButton: any = { type: 'commands' };

  // Updates for the bot: getUpdates or the webhook.
  let nextUpdateId = crypto.randomInt(100_000, 900_000);
  let pending: any[] = [];
  const updateWaiters = new Set<() => void>();
  let webhook: { url: string; secret?: string } | null = null;
  /** Tests: where webhook deliveries really go (the registered URL is the public one, unreachable here). */
  let webhookTarget: string | null = null;
  const webhookDeliveries = new Set<Promise<void>>();

  // Invoices by message or link slug; payments waiting for answerPreCheckoutQuery.
  const invoiceLinks = new Map<string, NonNullable<ChatMessage['invoice']>>();
  const preparedMessages = new Map<string, { userId: number; result: Record<string, any> }>();
  const preCheckouts = new Map<string, (answer: { ok: boolean; error_message?: string }) => void>();
  const callbackQueries = new Map<string, { chatId: number }>();

  function chat(userId: number, profile?: Partial<FakeUser>): Chat {
    let c = chats.get(userId);
    if (!c) {
      c = {
        user: { id: userId, first_name: profile?.first_name ?? `Пользователь ${userId}`, language_code: 'ru', ...profile },
        messages: [],
        nextMessageId: 1,
        version: 0,
        keyboard: null,
        menuButton: null,
        toasts: [],
        blocked: false,
        waiters: new Set(),
      };
      chats.set(userId, c);
    } else if (profile) {
      Object.assign(c.user, Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)));
    }
    return c;
  }

  function touch(c: Chat) {
    c.version++;
    for (const w of c.waiters) w();
    c.waiters.clear();
  }

  function pushMessage(c: Chat, m: Omit<ChatMessage, 'message_id' | 'date'>): ChatMessage {
    const msg: ChatMessage = { message_id: c.nextMessageId++, date: unix(), ...m };
    c.messages.push(msg);
    if (c.messages.length > 300) c.messages.splice(0, c.messages.length - 300);
    touch(c);
    return msg;
  }

  const tgChat = (c: Chat) => ({ id: c.user.id, type: 'private', first_name: c.user.first_name, ...(c.user.username ? { username: c.user.username } : {}) });
  const tgUser = (c: Chat) => ({ is_bot: false, ...c.user });

  /** The Message object Telegram returns for a bot message. */
  function botMessageObject(c: Chat, m: ChatMessage) {
    const out: Record<string, unknown> = { message_id: m.message_id, date: m.date, chat: tgChat(c), from: me };
    if (m.kind === 'invoice' && m.invoice) {
      const { payload: _p, subscription_period: _s, ...inv } = m.invoice;
      out.invoice = { ...inv, start_parameter: '' };
    } else out.text = m.text;
    if (m.edited) out.edit_date = unix();
    if (m.reply_markup?.inline_keyboard) out.reply_markup = m.reply_markup;
    return out;
  }

  function emit(update: Record<string, unknown>) {
    const u = { update_id: nextUpdateId++, ...update };
    if (webhook) {
      const p = deliverToWebhook(u).finally(() => webhookDeliveries.delete(p));
      webhookDeliveries.add(p);
    } else {
      pending.push(u);
      for (const w of updateWaiters) w();
      updateWaiters.clear();
    }
    return u;
  }

  /** Posts an update to the webhook as Telegram does; retried a few times while the server answers non-2xx. */
  async function deliverToWebhook(update: any, attempts = 3): Promise<void> {
    const hook = webhook;
    if (!hook) return;
    for (let i = 0; i < attempts; i++) {
      try {
        const res = await fetch(webhookTarget ?? hook.url, {
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

  // ---- validation shared by send and edit ----------------------------------------------------------

  function formatText(text: unknown, parseMode: unknown): { text: string; html: string } {
    if (typeof text !== 'string' || text.trim() === '') throw bad('message text is empty');
    let out: { text: string; html: string };
    if (parseMode === 'HTML') {
      const parsed = parseTelegramHtml(text);
      if (!parsed.ok) throw bad(`can't parse entities: ${parsed.error}`);
      out = parsed;
    } else if (parseMode === undefined || parseMode === null || parseMode === '') {
      out = { text, html: escapeHtml(text) };
    } else {
      // MarkdownV2 and Markdown are not used by this bot; shown as typed.
      out = { text, html: escapeHtml(text) };
    }
    if (out.text.length > MAX_TEXT) throw bad('message is too long');
    return out;
  }

  function checkMarkup(markup: any) {
    if (markup == null) return;
    if (typeof markup !== 'object') throw bad('invalid reply_markup');
    if (markup.inline_keyboard) {
      if (!Array.isArray(markup.inline_keyboard)) throw bad('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array');
      for (const row of markup.inline_keyboard) {
        for (const b of row) {
          if (typeof b?.text !== 'string' || b.text === '') throw bad('text buttons are unallowed in the inline keyboard');
          const kinds = ['url', 'callback_data', 'web_app', 'login_url', 'switch_inline_query', 'switch_inline_query_current_chat', 'pay', 'copy_text'].filter((k) => b[k] !== undefined);
          if (kinds.length !== 1) throw bad('can\'t parse inline keyboard button: exactly one of the optional fields must be used');
          if (b.callback_data !== undefined && (typeof b.callback_data !== 'string' || Buffer.byteLength(b.callback_data) > 64 || b.callback_data === ''))
            throw bad('BUTTON_DATA_INVALID');
          if (b.web_app !== undefined && !/^https?:\/\//.test(String(b.web_app?.url))) throw bad('BUTTON_URL_INVALID');
        }
      }
    } else if (markup.keyboard) {
      for (const row of markup.keyboard) for (const b of row) if (typeof (typeof b === 'string' ? b : b?.text) !== 'string') throw bad('keyboard button text must be a string');
    }
  }

  function applyReplyKeyboard(c: Chat, markup: any) {
    if (!markup) return;
    if (markup.keyboard) c.keyboard = markup;
    else if (markup.remove_keyboard) c.keyboard = null;
  }

  const chatIdOf = (params: Record<string, any>): number | null => {
    const v = params.chat_id ?? params.user_id;
    if (v === undefined || v === null) return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  };

  function existingChat(params: Record<string, any>): Chat {
    const id = chatIdOf(params);
    if (id === null) throw bad('chat_id is empty');
    const c = chats.get(id);
    // Telegram: a user who never started the bot cannot be written to.
    if (!c) throw new ApiFailure(403, "Forbidden: bot can't initiate conversation with a user");
    if (c.blocked) throw new ApiFailure(403, 'Forbidden: bot was blocked by the user');
    return c;
  }

  function findMessage(c: Chat, id: unknown): ChatMessage {
    const m = c.messages.find((x) => x.message_id === Number(id) && x.from === 'bot');
    if (!m) throw bad('message to edit not found');
    return m;
  }

  // ---- the Bot API methods -------------------------------------------------------------------------

  const methods: Record<string, (p: Record<string, any>, req: http.IncomingMessage) => unknown | Promise<unknown>> = {
    getMe: () => me,
    logOut: () => true,
    close: () => true,

    async getUpdates(p, req) {
      if (webhook) throw new ApiFailure(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
      const offset = Number(p.offset ?? 0);
      if (offset) pending = pending.filter((u) => u.update_id >= offset);
      const allowed: string[] | undefined = Array.isArray(p.allowed_updates) && p.allowed_updates.length ? p.allowed_updates : undefined;
      // Telegram drops the kinds the bot did not ask for.
      if (allowed) pending = pending.filter((u) => allowed.some((k) => k in u));
      const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100)));
      const timeoutMs = Math.min(50, Math.max(0, Number(p.timeout ?? 0))) * 1000;
      if (pending.length === 0 && timeoutMs > 0) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            updateWaiters.delete(done);
            req.off('close', done);
            resolve();
          };
          const timer = setTimeout(done, timeoutMs);
          updateWaiters.add(done);
          req.on('close', done);
        });
      }
      return (allowed ? pending.filter((u) => allowed.some((k) => k in u)) : pending).slice(0, limit);
    },

    setWebhook(p) {
      if (typeof p.url !== 'string' || !/^https?:\/\//.test(p.url)) {
        if (p.url === '' || p.url === undefined) {
          webhook = null;
          return true;
        }
        throw bad('invalid webhook URL specified');
      }
      webhook = { url: p.url, secret: p.secret_token };
      if (p.drop_pending_updates) pending = [];
      // Updates that waited for getUpdates go to the webhook now.
      const queued = pending;
      pending = [];
      for (const u of queued) {
        const d = deliverToWebhook(u).finally(() => webhookDeliveries.delete(d));
        webhookDeliveries.add(d);
      }
      return true;
    },
    deleteWebhook(p) {
      webhook = null;
      if (p.drop_pending_updates) pending = [];
      return true;
    },
    getWebhookInfo: () => ({ url: webhook?.url ?? '', has_custom_certificate: false, pending_update_count: pending.length }),

    setMyCommands(p) {
      if (!Array.isArray(p.commands)) throw bad('commands must be an array');
      for (const c of p.commands) {
        if (!/^[a-z0-9_]{1,32}$/.test(String(c?.command))) throw bad('BOT_COMMAND_INVALID');
        if (typeof c.description !== 'string' || c.description.length < 1 || c.description.length > 256) throw bad('BOT_COMMAND_DESCRIPTION_INVALID');
      }
      commands[`${p.scope?.type ?? 'default'}:${p.language_code ?? ''}`] = p.commands;
      return true;
    },
    getMyCommands: (p) => commands[`${p.scope?.type ?? 'default'}:${p.language_code ?? ''}`] ?? [],
    deleteMyCommands(p) {
      delete commands[`${p.scope?.type ?? 'default'}:${p.language_code ?? ''}`];
      return true;
    },
    setMyDescription: () => true,
    setMyShortDescription: () => true,
    setMyName: () => true,

    setChatMenuButton(p) {
      const b = p.menu_button ?? { type: 'default' };
      if (b.type === 'web_app' && (!b.text || !/^https?:\/\//.test(String(b.web_app?.url)))) throw bad('BUTTON_URL_INVALID');
      if (p.chat_id === undefined) defaultMenuButton = b;
      else {
        const c = chat(Number(p.chat_id));
        c.menuButton = b;
        touch(c);
      }
      return true;
    },
    getChatMenuButton: (p) => (p.chat_id === undefined ? defaultMenuButton : (chats.get(Number(p.chat_id))?.menuButton ?? defaultMenuButton)),

    sendChatAction(p) {
      existingChat(p);
      return true;
    },

    sendMessage(p) {
      const c = existingChat(p);
      const f = formatText(p.text, p.parse_mode);
      checkMarkup(p.reply_markup);
      applyReplyKeyboard(c, p.reply_markup);
      const m = pushMessage(c, { from: 'bot', text: f.text, html: f.html, parse_mode: p.parse_mode, reply_markup: p.reply_markup, kind: 'text' });
      return botMessageObject(c, m);
    },

    sendPhoto(p) {
      const c = existingChat(p);
      const caption = p.caption ? formatText(p.caption, p.parse_mode) : { text: '', html: '' };
      checkMarkup(p.reply_markup);
      const photo = typeof p.photo === 'string' ? p.photo : '';
      const upload: Buffer | null = p.photo && typeof p.photo === 'object' && Buffer.isBuffer(p.photo.upload) ? p.photo.upload : null;
      if (!photo && !upload) throw bad('there is no photo in the request');
      const png = upload && upload.subarray(1, 4).toString('latin1') === 'PNG' && upload.length > 24;
      const meta = upload ? { bytes: upload.length, width: png ? upload.readUInt32BE(16) : null, height: png ? upload.readUInt32BE(20) : null, type: String(p.photo.type || 'application/octet-stream') } : undefined;
      const html = `${photo.startsWith('http') ? `<img src="${escapeHtml(photo)}" alt="">` : '🖼'}${caption.html ? `<br>${caption.html}` : ''}`;
      const m = pushMessage(c, { from: 'bot', text: caption.text, html, reply_markup: p.reply_markup, kind: 'text', photo: meta });
      return { ...botMessageObject(c, m), photo: [{ file_id: 'local', file_unique_id: 'local', width: meta?.width ?? 1, height: meta?.height ?? 1 }] };
    },

    editMessageText(p) {
      const c = existingChat(p);
      const m = findMessage(c, p.message_id);
      const f = formatText(p.text, p.parse_mode);
      checkMarkup(p.reply_markup);
      const markup = p.reply_markup ?? undefined;
      if (m.text === f.text && m.html === f.html && JSON.stringify(m.reply_markup ?? null) === JSON.stringify(markup ?? null))
        throw bad('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
      Object.assign(m, { text: f.text, html: f.html, parse_mode: p.parse_mode, reply_markup: markup, edited: true });
      touch(c);
      return botMessageObject(c, m);
    },

    editMessageReplyMarkup(p) {
      const c = existingChat(p);
      const m = findMessage(c, p.message_id);
      checkMarkup(p.reply_markup);
      if (JSON.stringify(m.reply_markup ?? null) === JSON.stringify(p.reply_markup ?? null))
        throw bad('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
      m.reply_markup = p.reply_markup;
      touch(c);
      return botMessageObject(c, m);
    },

    deleteMessage(p) {
      const c = existingChat(p);
      const i = c.messages.findIndex((x) => x.message_id === Number(p.message_id));
      if (i < 0) throw bad('message to delete not found');
      c.messages.splice(i, 1);
      touch(c);
      return true;
    },

    answerCallbackQuery(p) {
      const q = callbackQueries.get(String(p.callback_query_id));
      if (!q) throw bad('query is too old and response timeout expired or query ID is invalid');
      callbackQueries.delete(String(p.callback_query_id));
      if (p.text) {
        const c = chat(q.chatId);
        c.toasts.push({ text: String(p.text), alert: !!p.show_alert, at: Date.now() });
        if (c.toasts.length > 20) c.toasts.shift();
        touch(c);
      }
      return true;
    },

    sendInvoice(p) {
      const c = existingChat(p);
      const invoice = checkInvoice(p);
      const m = pushMessage(c, {
        from: 'bot',
        text: `${invoice.title}\n${invoice.description}`,
        html: `<b>${escapeHtml(invoice.title)}</b><br>${escapeHtml(invoice.description)}<br><i>${invoice.total_amount} ${escapeHtml(invoice.currency)}</i>`,
        reply_markup: p.reply_markup,
        kind: 'invoice',
        invoice,
      });
      return botMessageObject(c, m);
    },
    createInvoiceLink(p) {
      const invoice = checkInvoice(p);
      const slug = crypto.randomBytes(9).toString('base64url');
      invoiceLinks.set(slug, invoice);
      return `https://t.me/$${slug}`;
    },
    answerPreCheckoutQuery(p) {
      const waiter = preCheckouts.get(String(p.pre_checkout_query_id));
      if (!waiter) throw bad('QUERY_ID_INVALID');
      if (!p.ok && !p.error_message) throw bad('error_message is required when ok is false');
      preCheckouts.delete(String(p.pre_checkout_query_id));
      waiter({ ok: !!p.ok, error_message: p.error_message });
      return true;
    },
    refundStarPayment: () => true,
    editUserStarSubscription: () => true,
    // Bot API 8.0: a message the Mini App may share with shareMessage(id).
    savePreparedInlineMessage(p) {
      if (!Number.isSafeInteger(Number(p.user_id)) || Number(p.user_id) <= 0) throw bad('USER_ID_INVALID');
      const result = typeof p.result === 'string' ? JSON.parse(p.result) : p.result;
      if (!result || typeof result !== 'object' || typeof result.type !== 'string' || typeof result.id !== 'string') throw bad('RESULT_INVALID');
      const id = crypto.randomBytes(8).toString('hex');
      preparedMessages.set(id, { userId: Number(p.user_id), result });
      return { id, expiration_date: Math.floor(Date.now() / 1000) + 24 * 3600 };
    },
  };

  function checkInvoice(p: Record<string, any>): NonNullable<ChatMessage['invoice']> {
    if (typeof p.title !== 'string' || p.title.length < 1 || p.title.length > 32) throw bad('INVOICE_TITLE_INVALID');
    if (typeof p.description !== 'string' || p.description.length < 1 || p.description.length > 255) throw bad('INVOICE_DESCRIPTION_INVALID');
    if (typeof p.payload !== 'string' || Buffer.byteLength(p.payload) < 1 || Buffer.byteLength(p.payload) > 128) throw bad('INVOICE_PAYLOAD_INVALID');
    if (typeof p.currency !== 'string') throw bad('currency is required');
    if (!Array.isArray(p.prices) || p.prices.length === 0) throw bad('prices must be non-empty');
    if (p.currency === 'XTR' && p.prices.length !== 1) throw bad('STARS_INVOICE_INVALID: exactly one price is required');
    if (p.currency === 'XTR' && p.provider_token) throw bad('provider_token must be empty for payments in Telegram Stars');
    if (p.subscription_period !== undefined && p.subscription_period !== 2592000) throw bad('SUBSCRIPTION_PERIOD_INVALID');
    const total = p.prices.reduce((s: number, x: any) => s + Number(x.amount), 0);
    if (!Number.isInteger(total) || total <= 0) throw bad('CURRENCY_TOTAL_AMOUNT_INVALID');
    return { title: p.title, description: p.description, currency: p.currency, total_amount: total, payload: p.payload, subscription_period: p.subscription_period };
  }

  // ---- the HTTP server -----------------------------------------------------------------------------

  /** multipart/form-data as grammY writes it (its header lines are terse, which undici's parser refuses). */
  function parseMultipart(raw: Buffer, type: string): { name: string; filename: string | null; type: string; data: Buffer }[] {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
    if (!boundary) throw new Error('no boundary');
    const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    const parts: { name: string; filename: string | null; type: string; data: Buffer }[] = [];
    let pos = raw.indexOf(delimiter);
    while (pos !== -1) {
      const start = pos + delimiter.length;
      if (raw.subarray(start, start + 2).toString() === '--') break;
      const next = raw.indexOf(delimiter, start);
      if (next === -1) break;
      const part = raw.subarray(start + 2, next - 2); // after CRLF, before CRLF
      const split = part.indexOf('\r\n\r\n');
      if (split !== -1) {
        const head = part.subarray(0, split).toString('utf8');
        const name = /[;\s]name="?([^";\r\n]*)"?/i.exec(head)?.[1];
        if (name !== undefined)
          parts.push({ name, filename: /filename="?([^";\r\n]*)"?/i.exec(head)?.[1] ?? null, type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? '', data: part.subarray(split + 4) });
      }
      pos = next;
    }
    return parts;
  }

  async function readParams(req: http.IncomingMessage, url: URL): Promise<Record<string, any>> {
    const params: Record<string, any> = {};
    for (const [k, v] of url.searchParams) params[k] = v;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = raw.toString('utf8');
    const type = req.headers['content-type'] ?? '';
    if (raw.length && type.includes('multipart/form-data')) {
      // Uploads (sendPhoto with a file): fields as strings, files as their bytes.
      for (const part of parseMultipart(raw, type)) params[part.name] = part.filename === null ? part.data.toString('utf8') : { upload: part.data, type: part.type };
      // grammY names a file field and refers to it as attach://<field>.
      for (const [k, v] of Object.entries(params)) if (typeof v === 'string' && v.startsWith('attach://')) params[k] = params[v.slice(9)];
    } else if (body && type.includes('application/json')) Object.assign(params, JSON.parse(body));
    else if (body && type.includes('application/x-www-form-urlencoded')) for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    // Form values of objects arrive as JSON strings.
    for (const k of ['reply_markup', 'menu_button', 'commands', 'scope', 'allowed_updates', 'prices']) {
      if (typeof params[k] === 'string') {
        try {
          params[k] = JSON.parse(params[k]);
        } catch {
          /* left as is: the method refuses it */
        }
      }
    }
    return params;
  }

  function record(method: string, params: Record<string, any>, ok: boolean, errorCode?: number) {
    calls.push({ method, params, at: elapsed(), chatId: chatIdOf(params), ok, errorCode });
    // Trimmed in chunks: a shift per call would cost O(n) each time.
    if (calls.length > maxCalls * 1.25) calls.splice(0, calls.length - maxCalls);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    const send = (status: number, body: unknown) => {
      const json = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    };
    if (!m) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (m[1] !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = m[2];
    let params: Record<string, any>;
    try {
      params = await readParams(req, url);
    } catch {
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    }
    const impl = methods[method];
    if (!impl) {
      record(method, params, false, 404);
      return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
    try {
      const chatId = chatIdOf(params);
      const queue = chatId !== null && SEND_METHODS.has(method) ? injected.get(chatId) : undefined;
      if (queue?.length) {
        const fault = queue.shift()!;
        if (!queue.length) injected.delete(chatId!);
        throw new ApiFailure(fault.error_code, fault.description, fault.parameters);
      }
      const result = await impl(params, req);
      if (method !== 'getUpdates') record(method, params, true);
      send(200, { ok: true, result });
    } catch (err) {
      const f = err instanceof ApiFailure ? err : new ApiFailure(500, `Internal Server Error: ${(err as Error).message}`);
      record(method, params, false, f.code);
      send(f.code, { ok: false, error_code: f.code, description: f.description, ...(f.parameters ? { parameters: f.parameters } : {}) });
    }
  }

  let server: http.Server | null = null;
  let apiRoot = '';
  let closed = false;

  return {
    me,
    token,
    /** Every Bot API call the bot made (getUpdates excepted), in order, with a monotonic time in ms. */
    calls,

    get apiRoot() {
      return apiRoot;
    },

    /** Listens on 127.0.0.1 (a free port unless given); returns the Bot API root for the bot's `apiRoot`. */
    async listen(port = 0): Promise<string> {
      server = http.createServer((req, res) => {
        handle(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        });
      });
      server.keepAliveTimeout = 60_000;
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return apiRoot;
    },

    /** Releases waiting long polls (ours and the page's) and stops the server. */
    async close(): Promise<void> {
      closed = true;
      for (const w of updateWaiters) w();
      for (const c of chats.values()) touch(c);
      await Promise.allSettled([...webhookDeliveries]);
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
        server = null;
      }
    },

    // ---- the user's side ----------------------------------------------------------------------------

    /** The user types a message (a command when it starts with /). */
    sendText(user: number | FakeUser, text: string) {
      const c = typeof user === 'number' ? chat(user) : chat(user.id, user);
      // Writing to a blocked bot restarts it, as the client's «Restart» does.
      if (c.blocked) this.setBlocked(c.user.id, false);
      const m = pushMessage(c, { from: 'user', text, html: escapeHtml(text), kind: 'text' });
      const cmd = /^\/[A-Za-z0-9_]+(@\w+)?/.exec(text);
      return emit({
        message: {
          message_id: m.message_id,
          date: m.date,
          chat: tgChat(c),
          from: tgUser(c),
          text,
          ...(cmd ? { entities: [{ type: 'bot_command', offset: 0, length: cmd[0].length }] } : {}),
        },
      });
    },

    /** The user taps an inline button with callback_data on a bot message. */
    pressButton(userId: number, messageId: number, data: string) {
      const c = chat(userId);
      const m = findMessage(c, messageId);
      const id = String(crypto.randomInt(1e12, 9e12));
      callbackQueries.set(id, { chatId: userId });
      return emit({
        callback_query: { id, from: tgUser(c), message: botMessageObject(c, m), chat_instance: String(userId), data },
      });
    },

    /** A Mini App opened from a reply-keyboard button called sendData: the bot gets a service message. */
    sendWebAppData(userId: number, data: string, buttonText = 'Таро') {
      const c = chat(userId);
      const m = pushMessage(c, { from: 'user', text: `Данные из «${buttonText}»`, html: `<i>Данные из «${escapeHtml(buttonText)}»</i>`, kind: 'web_app_data' });
      return emit({
        message: { message_id: m.message_id, date: m.date, chat: tgChat(c), from: tgUser(c), web_app_data: { data, button_text: buttonText } },
      });
    },

    /** The user blocks (or unblocks) the bot: a my_chat_member update, and 403s from then on. */
    setBlocked(userId: number, blocked: boolean) {
      const c = chat(userId);
      if (c.blocked === blocked) return null;
      c.blocked = blocked;
      touch(c);
      const member = (status: string) => ({ user: me, status, ...(status === 'kicked' ? { until_date: 0 } : {}) });
      return emit({
        my_chat_member: {
          chat: tgChat(c),
          from: tgUser(c),
          date: unix(),
          old_chat_member: member(blocked ? 'member' : 'kicked'),
          new_chat_member: member(blocked ? 'kicked' : 'member'),
        },
      });
    },

    /**
     * The user pays an invoice (a message's or a link's slug): pre_checkout_query, then, when the bot
     * answers ok within 10 s, a successful_payment message. Returns what Telegram's openInvoice reports.
     */
    async pay(userId: number, ref: { messageId: number } | { slug: string }): Promise<{ status: 'paid' | 'failed' | 'cancelled'; error?: string }> {
      const c = chat(userId);
      const invoice = 'slug' in ref ? invoiceLinks.get(ref.slug) : c.messages.find((m) => m.message_id === ref.messageId)?.invoice;
      if (!invoice) return { status: 'failed', error: 'Счёт не найден' };
      const queryId = String(crypto.randomInt(1e12, 9e12));
      const answer = new Promise<{ ok: boolean; error_message?: string }>((resolve) => {
        preCheckouts.set(queryId, resolve);
        setTimeout(() => {
          if (preCheckouts.delete(queryId)) resolve({ ok: false, error_message: 'Бот не ответил за 10 секунд' });
        }, 10_000).unref();
      });
      emit({
        pre_checkout_query: { id: queryId, from: tgUser(c), currency: invoice.currency, total_amount: invoice.total_amount, invoice_payload: invoice.payload },
      });
      const a = await answer;
      if (!a.ok) {
        pushMessage(c, { from: 'bot', text: `Оплата не прошла: ${a.error_message}`, html: `<i>Оплата не прошла: ${escapeHtml(a.error_message ?? '')}</i>`, kind: 'service' });
        return { status: 'failed', error: a.error_message };
      }
      const chargeId = `local_${crypto.randomBytes(12).toString('hex')}`;
      const m = pushMessage(c, {
        from: 'user',
        text: `Оплачено: ${invoice.total_amount} ${invoice.currency}`,
        html: `<i>Оплачено: ${invoice.total_amount} ${escapeHtml(invoice.currency)}</i>`,
        kind: 'payment',
      });
      emit({
        message: {
          message_id: m.message_id,
          date: m.date,
          chat: tgChat(c),
          from: tgUser(c),
          successful_payment: {
            currency: invoice.currency,
            total_amount: invoice.total_amount,
            invoice_payload: invoice.payload,
            telegram_payment_charge_id: chargeId,
            provider_payment_charge_id: '',
            ...(invoice.subscription_period
              ? { subscription_expiration_date: unix() + invoice.subscription_period, is_recurring: true, is_first_recurring: true }
              : {}),
          },
        },
      });
      return { status: 'paid' };
    },

    /** Tests: sends the bot an update as given (with the next update_id), e.g. a replayed successful_payment. */
    sendUpdate(update: Record<string, unknown>) {
      return emit(update);
    },

    /** Registers a user's profile (the name shown and sent in updates). */
    setProfile(user: FakeUser) {
      chat(user.id, user);
    },

    // ---- inspection and fault injection (the page and the tests) ------------------------------------

    chatState(userId: number) {
      const c = chat(userId);
      return {
        version: c.version,
        user: c.user,
        messages: c.messages,
        keyboard: c.keyboard,
        menuButton: c.menuButton ?? defaultMenuButton,
        toasts: c.toasts,
        blocked: c.blocked,
        commands: commands['default:'] ?? commands['default:ru'] ?? [],
        bot: { name: me.first_name, username: me.username },
      };
    },

    /** Resolves when the chat changes after `version`, or after `timeoutMs`. */
    waitForChange(userId: number, version: number, timeoutMs: number): Promise<void> {
      const c = chat(userId);
      if (c.version !== version || closed) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          c.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        c.waiters.add(done);
      });
    },

    /** Messages the bot sent (and still shows) in a chat. */
    /** A message saved with savePreparedInlineMessage (what shareMessage would send). */
    preparedMessage(id: string) {
      return preparedMessages.get(id) ?? null;
    },

    botMessages(userId: number): ChatMessage[] {
      return chats.get(userId)?.messages.filter((m) => m.from === 'bot') ?? [];
    },

    /** Waits until a bot message in the chat satisfies `match` (tests: a reply arrives). */
    async waitForBotMessage(userId: number, match: (m: ChatMessage) => boolean, timeoutMs = 10_000): Promise<ChatMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const c = chat(userId);
        const found = c.messages.find((m) => m.from === 'bot' && match(m));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) {
          const seen = c.messages.map((m) => `${m.from}: ${m.text.slice(0, 80)}`).join('\n');
          throw new Error(`No matching bot message in chat ${userId} within ${timeoutMs} ms. Chat:\n${seen}`);
        }
        await this.waitForChange(userId, c.version, left);
      }
    },

    /** The next `count` sends to `chatId` fail with this error (429 with retry_after, 500, …). */
    failNext(chatId: number, error: Injected, count = 1) {
      const q = injected.get(chatId) ?? [];
      for (let i = 0; i < count; i++) q.push(error);
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

    /** Updates not yet taken by getUpdates (tests). */
    get pendingUpdates() {
      return pending.length;
    },

    get webhook() {
      return webhook;
    },

    get closed() {
      return closed;
    },

    /** Sends webhook deliveries to `url` instead of the registered address (tests behind no public URL). */
    deliverWebhooksTo(url: string | null) {
      webhookTarget = url;
    },

    /** Delivers an update to the webhook again (Telegram redelivers when unsure it arrived). */
    redeliver: (update: any) => deliverToWebhook(update, 1),
  };
}

export type LocalTelegram = ReturnType<typeof createLocalTelegram>;

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
