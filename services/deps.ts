// What every use case is built from. Passed in by main.ts (and by tests), never imported as singletons.
// A leaf: it imports types from db/, domain/ and the payments' types only, so no service import can loop back here.
import type { Db } from '../db/connection';
import type { RandomInt } from '../domain/tarot/deal';
import type { LegalDetails } from '../domain/commerce/legal';
import type { PaymentsDeps } from './payments/types';

/** The daily-card reminder's local time when DAILY_REMINDER_TIME is not given. */
export const DEFAULT_REMINDER_TIME = '10:00';

/** The owner's dashboard's settings (STARS_RUB_RATE, AI_PRICE_INPUT_PER_M, AI_PRICE_OUTPUT_PER_M, AI_USD_RUB_RATE). */
export interface DashboardDeps {
  /** Roubles per Star, for estimates only (default 1.3). */
  starsRubRate?: number;
  /**
   * The AI's price in roubles per million tokens, prompt and completion; unset: the model's known dollar price
   * (services/dashboard.ts) at usdRubRate, or «unknown» for a model without one.
   */
  aiPriceInputPerM?: number;
  aiPriceOutputPerM?: number;
  /** Roubles per US dollar for the known model prices (default 90). */
  usdRubRate?: number;
}

export interface ServiceDeps {
  db: Db;
  /** The current instant; tests move it to cross a local midnight. */
  clock: () => Date;
  /** Integer in [0, max): crypto.randomInt in production, seeded in tests. */
  randomInt: RandomInt;
  defaultTimeZone: string;
  /**
   * The key of the hashes of Telegram ids that outlive a deleted account (services/user-key.ts): the limits still
   * in their window, the erased-user marker, the sign-in token generation (SERVER_SECRET; config.ts).
   */
  serverSecret: string;
  specialAccessUserIds: readonly number[];
  /** Mock payments (local mode and tests): POST /api/user/subscription may activate a plan directly. */
  mockPayments: boolean;
  /** Local time (HH:MM) of the daily-card reminder push (DAILY_REMINDER_TIME); default 10:00. */
  dailyReminderTime?: string;
  /** The push sender's rate (PUSH_RATE_PER_S): daily reminders are spread so that it meets them evenly. */
  pushRatePerSecond?: number;
  /** The AI provider (Config.openai); omitted or without apiKey: every interpretation is the fallback. */
  ai?: AiConfig;
  /** Money: the payment provider, price overrides, YooKassa and the bot's Api for Stars (payments helper). */
  payments?: PaymentsDeps;
  /** ADMIN_USER_IDS: debug calls, refunds and the bot's /stats. */
  adminUserIds?: readonly number[];
  /** The owner's dashboard: the Stars rouble rate (STARS_RUB_RATE). */
  dashboard?: DashboardDeps;
  /** SUPPORT_CHAT_ID: the operators' group for the support desk; unset: each of adminUserIds privately. */
  supportChatId?: number;
  /** The provider's details for /contacts and /terms (PROVIDER_*); omitted: the tax status default only. */
  legal?: LegalDetails;
  /** Messages to the operators' chats (operatorChats() in services/operators.ts): Bot API sendMessage. */
  operatorMessenger?: OperatorMessenger;
  /** Sharing a reading's picture: the public address, the bot's username, savePreparedInlineMessage. */
  share?: ShareDeps;
  /** The largest export file sent through the bot (default: Telegram's 50 MB for a bot's upload); tests lower it. */
  chatExportMaxBytes?: number;
  /** Warnings an operator should see that are not errors (a question screen that failed); main.ts passes the logger. */
  warn?: (fields: Record<string, unknown>, message: string) => void;
  /** Card id → custom emoji id for «Карта дня в статусе» (EMOJI_STATUS_CUSTOM_EMOJI); absent: no offer. */
  emojiStatus?: Readonly<Record<string, string>>;
}

/** The AI provider's settings (Config.openai in main.ts; test values in test/harness.ts). */
export interface AiConfig {
  /** Unset: no provider call is ever made; every interpretation is the fallback. */
  apiKey?: string;
  baseUrl: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** The whole provider call, first byte to last token, for a text without cards; a reading adds timeoutPerCardMs per card. */
  timeoutMs: number;
  /** What each card of a reading adds to its call's budget (a 13-card year forecast is a long text). */
  timeoutPerCardMs: number;
  /** The longest silence before the first token and between tokens: a stalled stream fails this soon. */
  idleTimeoutMs: number;
  /** Sent to the reasoning families (gpt-5 and later, o-series); unset: the model's own default. */
  reasoningEffort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /** Provider calls one user may start per window (default 10 per 600 s), on top of the tier quotas. */
  rateLimit?: { calls: number; windowS: number };
  /** How often a request waiting for another instance's call looks at the database (default 250 ms). */
  pollIntervalMs?: number;
  /** Whether a question also goes to the provider's moderation endpoint (OPENAI_MODERATION; default: on for OpenAI's own URL). */
  moderation?: boolean;
  /** The deadline of a question's classification and moderation calls together (OPENAI_SCREEN_TIMEOUT_MS, default 4000). */
  screenTimeoutMs?: number;
  /** Voice (services/voice.ts): the text-to-speech model and voice, the transcription model; unset: their defaults. */
  speechModel?: string;
  speechVoice?: string;
  transcriptionModel?: string;
}

/** Bot API sendMessage with an inline keyboard, for what the operators must see and decide. */
export interface OperatorMessenger {
  sendMessage(
    chatId: number,
    text: string,
    extra?: { reply_markup?: { inline_keyboard: { text: string; callback_data: string }[][] } },
  ): Promise<unknown>;
}

/** What the server needs from Telegram and the outside world to share (main.ts wires them). */
export interface ShareDeps {
  /** The public HTTPS base (PUBLIC_URL, or this server in local mode); null when there is none. */
  publicUrl: () => string | null;
  /** The bot's username, for the shared message's button (t.me/<bot>?startapp=…). */
  botUsername: () => Promise<string | null>;
  /** Bot API savePreparedInlineMessage. */
  savePreparedInlineMessage?: (
    userId: number,
    result: Record<string, unknown>,
    o: Record<string, unknown>,
  ) => Promise<{ id: string; expiration_date: number }>;
  /** Bot API savePreparedKeyboardButton (9.6): a button the Mini App opens with requestChat. */
  savePreparedKeyboardButton?: (userId: number, button: Record<string, unknown>) => Promise<{ id: string }>;
}
