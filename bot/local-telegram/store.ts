// The local Telegram's state, in memory: the bot's identity, each private chat (messages, keyboard, menu
// button, toasts, blocked), the bot's commands, invoices, prepared messages, and the update queue. The Bot
// API methods, the user's side and the page all read and change it here; `touch` wakes the page's long poll.
import crypto from 'node:crypto';
import { ApiFailure, bad, type Invoice, type Params } from './rules';
import { createUpdateQueue, type UpdateQueueOptions } from './updates';

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
  invoice?: Invoice;
  /** A photo the bot uploaded: its size in bytes and, for a PNG or JPEG, its pixel size (read from the header). */
  photo?: { bytes: number; width: number | null; height: number | null; type: string };
  /** A photo or document a user sent (its file_id), which copyMessage can copy. */
  file?: { kind: 'photo' | 'document'; fileId: string; caption: string };
  /** In a group: who wrote it (a user's message). */
  author?: FakeUser;
  /** The message this one replies to. */
  replyTo?: number;
  /** A document the bot uploaded (sendDocument): its name and content (the user's data export). */
  document?: { fileName: string; content: Buffer };
  /** The bot's answer to a guest summons (answerGuestQuery): shown «via @bot» for the one who called it. */
  guestCaller?: FakeUser;
  /** An ephemeral message (Bot API 10.2, `ephemeral_message_parameters`): only this user sees it in the chat. */
  visibleTo?: { id: number };
  /** A user's message sent from an inline result (shown «via @bot»). */
  viaBot?: boolean;
  /** A rich message (sendRichMessage): its blocks as sent; `text` and `html` are their rendering. */
  rich?: any[];
  /** A voice note (the bot's sendVoice, or the user's): its file (in `files`), length in seconds and size. */
  voice?: { fileId: string; duration: number; bytes: number; ogg: boolean };
}

export interface Chat {
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
  /** The bot's live draft (sendMessageDraft): shown under the messages until the bot sends a message. */
  draft: ChatDraft | null;
  /** Every draft text shown, oldest first (what the user saw grow). */
  draftHistory: { draftId: number; text: string; rich?: true }[];
  /** A client without rich messages: sendRichMessage and sendRichMessageDraft are refused. */
  noRich?: boolean;
  /** A group the bot is not a member of: it only answers guest summonses there (answerGuestQuery). */
  guestOnly?: boolean;
  /** Ephemeral messages refused here (an older server or client): sends with ephemeral_message_parameters fail. */
  noEphemeral?: boolean;
}

export interface ChatDraft {
  draftId: number;
  /** Empty: the client shows «Thinking…». */
  text: string;
  html: string;
  canStop: boolean;
  keepOnStop: boolean;
  /** The user pressed stop (kept on screen with keep_on_stop). */
  stopped: boolean;
  /** A rich draft (sendRichMessageDraft): its blocks; `text` and `html` are their rendering. */
  rich?: any[];
}

export interface LocalTelegramOptions extends UpdateQueueOptions {
  token: string;
  botUsername?: string;
  botName?: string;
}

/** A chat keeps its last messages only (local mode runs for days). */
const MAX_MESSAGES = 300;

export const unixNow = () => Math.floor(Date.now() / 1000);

/** A group's id is negative (Telegram's supergroups: -100…); its "user" holds its title as first_name. */
export const isGroupId = (id: number) => id < 0;

/** A user's photo or document as the Message carries it. */
export function fileObject(f: NonNullable<ChatMessage['file']>): Record<string, unknown> {
  const file = { file_id: f.fileId, file_unique_id: f.fileId.slice(0, 16) };
  return {
    ...(f.kind === 'photo'
      ? { photo: [{ ...file, width: 1280, height: 960 }] }
      : { document: { ...file, file_name: 'file.pdf', mime_type: 'application/pdf' } }),
    ...(f.caption ? { caption: f.caption } : {}),
  };
}

/** The chat a call is about (chat_id, or user_id for the methods that take one). */
export function chatIdOf(params: Params): number | null {
  const v = params.chat_id ?? params.user_id;
  if (v === undefined || v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export function createStore(o: LocalTelegramOptions) {
  const me = {
    id: Number(o.token.split(':')[0]),
    is_bot: true,
    first_name: o.botName ?? 'Таро',
    username: o.botUsername ?? 'tarot_local_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    // BotFullInfo (Bot API 10.5).
    active_usernames: [o.botUsername ?? 'tarot_local_bot'],
    supports_guest_queries: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    inline_query_placeholder: undefined as string | undefined,
  };
  const chats = new Map<number, Chat>();

  /** The chat with a user, opened on first use; a profile given updates the user's name and username. */
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
        draft: null,
        draftHistory: [],
      };
      chats.set(userId, c);
    } else if (profile) {
      Object.assign(c.user, Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)));
    }
    return c;
  }

  /** The chat changed: the page's long poll answers. */
  function touch(c: Chat) {
    c.version++;
    for (const w of c.waiters) w();
    c.waiters.clear();
  }

  function pushMessage(c: Chat, m: Omit<ChatMessage, 'message_id' | 'date'>): ChatMessage {
    const msg: ChatMessage = { message_id: c.nextMessageId++, date: unixNow(), ...m };
    // A message from the bot replaces its draft, as in Telegram.
    if (m.from === 'bot') c.draft = null;
    c.messages.push(msg);
    if (c.messages.length > MAX_MESSAGES) c.messages.splice(0, c.messages.length - MAX_MESSAGES);
    touch(c);
    return msg;
  }

  /** A chat the bot may write to: Telegram refuses users who never started the bot, or blocked it. */
  function existingChat(params: Params): Chat {
    const id = chatIdOf(params);
    if (id === null) throw bad('chat_id is empty');
    const c = chats.get(id);
    if (!c) throw new ApiFailure(403, "Forbidden: bot can't initiate conversation with a user");
    if (c.blocked) throw new ApiFailure(403, 'Forbidden: bot was blocked by the user');
    if (c.guestOnly) throw new ApiFailure(403, 'Forbidden: bot is not a member of the supergroup chat');
    return c;
  }

  function findBotMessage(c: Chat, id: unknown): ChatMessage {
    const m = c.messages.find((x) => x.message_id === Number(id) && x.from === 'bot');
    if (!m) throw bad('message to edit not found');
    return m;
  }

  const tgChat = (c: Chat) =>
    isGroupId(c.user.id)
      ? { id: c.user.id, type: 'supergroup', title: c.user.first_name }
      : { id: c.user.id, type: 'private', first_name: c.user.first_name, ...(c.user.username ? { username: c.user.username } : {}) };
  const tgUser = (c: Chat) => ({ is_bot: false, ...c.user });

  /** The Message object Telegram returns for a bot message. */
  function botMessageObject(c: Chat, m: ChatMessage, nested = false): Record<string, unknown> {
    const out: Record<string, unknown> = { message_id: m.message_id, date: m.date, chat: tgChat(c), from: me };
    // The message it replies to, one level deep (as Telegram gives it).
    const replied = !nested && m.replyTo !== undefined ? c.messages.find((x) => x.message_id === m.replyTo) : undefined;
    if (replied) out.reply_to_message = botMessageObject(c, replied, true);
    if (m.kind === 'invoice' && m.invoice) {
      const { payload: _p, subscription_period: _s, ...inv } = m.invoice;
      out.invoice = { ...inv, start_parameter: '' };
    } else if (m.file) {
      Object.assign(out, fileObject(m.file));
    } else if (m.voice) {
      const f = m.voice;
      out.voice = {
        file_id: f.fileId,
        file_unique_id: f.fileId.slice(0, 16),
        duration: f.duration,
        mime_type: 'audio/ogg',
        file_size: f.bytes,
      };
    } else if (m.rich) out.rich_message = { blocks: m.rich };
    else out.text = m.text;
    if (m.from === 'user') out.from = { is_bot: false, ...(m.author ?? c.user) };
    // Telegram numbers ephemeral messages apart: message_id 0, the receiver and an ephemeral_message_id.
    if (m.visibleTo)
      Object.assign(out, {
        message_id: 0,
        ephemeral_message_id: m.message_id,
        receiver_user: { is_bot: false, ...(chats.get(m.visibleTo.id)?.user ?? { id: m.visibleTo.id, first_name: 'User' }) },
      });
    if (m.edited) out.edit_date = unixNow();
    if (m.reply_markup?.inline_keyboard) out.reply_markup = m.reply_markup;
    return out;
  }

  /** Files the bot may download (getFile, then /file/bot<token>/<path>): voice notes, by file_id. */
  const files = new Map<string, { data: Buffer; path: string }>();
  function addFile(data: Buffer, ext: string): string {
    const fileId = `local_voice_${crypto.randomBytes(8).toString('hex')}`;
    files.set(fileId, { data, path: `voice/${fileId}.${ext}` });
    return fileId;
  }

  return {
    token: o.token,
    me,
    files,
    addFile,
    chats,
    chat,
    touch,
    pushMessage,
    existingChat,
    findBotMessage,
    tgChat,
    tgUser,
    botMessageObject,
    updates: createUpdateQueue(o),
    /** setMyName, setMyDescription, setMyShortDescription (one language: the bot's is Russian). */
    profile: { name: '', description: '', shortDescription: '' },
    /** setMyCommands by `${scope}:${language}`. */
    commands: {} as Record<string, any[]>,
    defaultMenuButton: { type: 'commands' } as any,
    /** Invoices behind createInvoiceLink slugs. */
    invoiceLinks: new Map<string, Invoice>(),
    /** savePreparedInlineMessage: what shareMessage would send. */
    preparedMessages: new Map<string, { userId: number; result: Record<string, any> }>(),
    /** savePreparedKeyboardButton: what requestChat would open. */
    preparedButtons: new Map<string, { userId: number; button: Record<string, any> }>(),
    /** Payments waiting for answerPreCheckoutQuery. */
    preCheckouts: new Map<string, (answer: { ok: boolean; error_message?: string }) => void>(),
    /** Inline queries and the bot's answers (answerInlineQuery), by query id; `touch` of the user's chat on answer. */
    inlineQueries: new Map<
      string,
      { userId: number; answer: { results: any[]; cache_time?: number; is_personal?: boolean; button?: any } | null }
    >(),
    /** Guest summonses (guest_message) by guest_query_id: the chat, the caller and the bot's answer once given. */
    guestQueries: new Map<string, { chatId: number; caller: FakeUser; answer: ChatMessage | null }>(),
    /** Callback queries waiting for answerCallbackQuery, with the chat they came from. */
    callbackQueries: new Map<string, { chatId: number }>(),
    closed: false,
  };
}

export type Store = ReturnType<typeof createStore>;
