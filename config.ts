// Environment parsed and validated once into a typed Config. A bad value stops start-up with one line
// naming the variable (see loadConfig's caller in main.ts).
import crypto from 'node:crypto';
import net from 'node:net';
import * as z from 'zod';
import { DEFAULT_DATA_DIR } from './data-dir';
import { LEGACY_PLAN_IDS, PRODUCTS, legacyPlanId } from './domain/commerce/catalogue';
import { DEFAULT_TAX_STATUS, LOCAL_PROVIDER_PLACEHOLDERS, type LegalDetails } from './domain/commerce/legal';
import { isValidTimeZone } from './domain/text/time';
import { isLoopbackHost } from './listen-address';

const idList = z
  .string()
  .default('')
  .transform((s, ctx) => {
    const ids = s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    for (const id of ids) {
      if (!/^\d{1,16}$/.test(id)) {
        ctx.addIssue({ code: 'custom', message: `"${id}" is not a Telegram user id` });
        return z.NEVER;
      }
    }
    return ids.map(Number);
  });

/** `key:number` pairs separated by commas (prices, rates), each key one of `keys`. */
const numberPairs = (keys: readonly string[], fallback: string, opts: { integer?: boolean } = {}) =>
  z
    .string()
    .default(fallback)
    .transform((s, ctx) => {
      const out: Record<string, number> = {};
      for (const part of s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const m = /^([A-Za-z0-9_]+)\s*[:=]\s*(\d+(?:\.\d+)?)$/.exec(part);
        const legacy = m ? legacyPlanId(m[1]) : undefined;
        // Plan keys renamed by the catalogue (vip_499 → vip) are accepted for one release; loadConfig warns.
        if (m && legacy && keys.includes(legacy)) m[1] = legacy;
        if (!m || !keys.includes(m[1])) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not one of ${keys.map((k) => `${k}:<number>`).join(', ')}` });
          return z.NEVER;
        }
        const n = Number(m[2]);
        if (!(n > 0) || (opts.integer && !Number.isInteger(n))) {
          ctx.addIssue({ code: 'custom', message: `"${part}" must be a positive${opts.integer ? ' whole' : ''} number` });
          return z.NEVER;
        }
        out[m[1]] = n;
      }
      return out;
    });

/** An address or a CIDR range ("185.71.76.0/27", "2a02:5180::/32"), normalised; null when it is neither. */
function addressRange(s: string): string | null {
  const m = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(s.trim());
  if (!m) return null;
  const family = net.isIP(m[1]);
  if (family === 0) return null;
  if (m[2] === undefined) return m[1].toLowerCase();
  const prefix = Number(m[2]);
  return prefix <= (family === 4 ? 32 : 128) ? `${m[1].toLowerCase()}/${prefix}` : null;
}

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() !== '' ? s.trim() : undefined));

/** A price in roubles per million tokens, or unset (empty counts as unset, not as 0). */
const optionalPrice = optionalString.pipe(z.string().transform(Number).pipe(z.number().min(0).max(1_000_000)).optional());

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  BOT_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^\d+:[\w-]{20,}$/, 'must look like 123456:ABC-DEF… (the token BotFather gave)')
      .optional(),
  ),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  BOT_MODE: optionalString.pipe(z.enum(['polling', 'webhook']).optional()),
  WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, 'may hold only A-Z, a-z, 0-9, _ and - (1..256 characters)')
      .optional(),
  ),
  // The key of the hashes that outlive a deleted account (limits, the erased-user marker, token generations).
  SERVER_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional()),
  // «Карта дня в статусе»: a JSON object, card id → custom emoji id (digits), e.g. {"major_00":"5368324170671202286"}.
  EMOJI_STATUS_CUSTOM_EMOJI: optionalString.pipe(
    z
      .string()
      .transform((s, ctx) => {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON object: card id → custom emoji id' });
          return z.NEVER;
        }
      })
      .pipe(z.record(z.string().min(1), z.string().regex(/^\d{1,20}$/, 'each custom emoji id is digits')))
      .optional(),
  ),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  // OpenAI's efficient current model (docs/operations.md says why); any chat-completions model id works.
  OPENAI_MODEL: z.string().min(1).default('gpt-6-luna'),
  OPENAI_MAX_TOKENS: z.coerce.number().int().min(1).max(32000).default(2500),
  OPENAI_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7),
  OPENAI_REASONING_EFFORT: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max', 'default']).default('none'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(60000),
  OPENAI_TIMEOUT_PER_CARD_MS: z.coerce.number().int().min(0).max(600000).default(10000),
  OPENAI_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(20000),
  // A question also goes to the provider's moderation endpoint: auto is on for OpenAI's own URL only.
  OPENAI_MODERATION: z.enum(['auto', 'on', 'off']).default('auto'),
  OPENAI_SCREEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(4000),
  // Voice (services/voice.ts): the provider's text-to-speech and transcription models and the reader's voice.
  AI_TTS_MODEL: z.string().trim().min(1).default('gpt-4o-mini-tts-2025-12-15'),
  AI_TTS_VOICE: z.string().trim().min(1).max(64).default('marin'),
  AI_TRANSCRIBE_MODEL: z.string().trim().min(1).default('gpt-transcribe'),
  PAYMENTS_PROVIDER: optionalString.pipe(z.enum(['stars', 'yookassa', 'mock']).optional()),
  YOOKASSA_SHOP_ID: optionalString,
  YOOKASSA_SECRET_KEY: optionalString,
  YOOKASSA_API_ROOT: z.url().default('https://api.yookassa.ru'),
  PRICES_RUB: numberPairs(PRODUCTS, '', { integer: true }),
  MICRO_PRICE_VARIANTS: numberPairs(['A', 'B'], '', { integer: true }),
  STARS_PRICES: numberPairs(
    PRODUCTS.filter((p) => p !== 'trial'),
    '',
    { integer: true },
  ),
  CURRENCY_RATES: numberPairs(['UAH', 'KZT', 'BYN'], ''),
  ADMIN_USER_IDS: idList,
  // The operators' group for the support desk (a supergroup's id is like -1001234567890); unset: ADMIN_USER_IDS privately.
  SUPPORT_CHAT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^-?\d{1,16}$/, 'must be a Telegram chat id, like -1001234567890')
      .transform(Number)
      .optional(),
  ),
  SPECIAL_ACCESS_USER_IDS: idList,
  // The default is not checked: the first time-zone check loads ICU's zone data (about 15 ms of every start).
  DEFAULT_TIME_ZONE: z.string().refine(isValidTimeZone, 'is not an IANA time zone').default('Europe/Moscow'),
  INIT_DATA_MAX_AGE_S: z.coerce.number().int().min(1).default(86400),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((s, ctx) => {
      const list = s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      for (const a of list) {
        if (net.isIP(a) === 0) {
          ctx.addIssue({ code: 'custom', message: `"${a}" is not an IP address` });
          return z.NEVER;
        }
      }
      return list;
    }),
  // YooKassa's notification addresses (docs/operations.md); unset: notifications are heard from anywhere.
  YOOKASSA_TRUSTED_IPS: z
    .string()
    .default('')
    .transform((s, ctx) => {
      const list: string[] = [];
      for (const part of s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const range = addressRange(part);
        if (!range) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not an IP address or a CIDR range (like 185.71.76.0/27)` });
          return z.NEVER;
        }
        list.push(range);
      }
      return list;
    }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUSH_RATE_PER_S: z.coerce.number().int().min(1).max(1000).default(25),
  // The owner's dashboard: roubles per Star (an estimate) and the AI's price in roubles per million tokens;
  // unset, the default model's known dollar prices at AI_USD_RUB_RATE (services/dashboard.ts).
  STARS_RUB_RATE: z.coerce.number().positive().max(1000).default(1.3),
  AI_PRICE_INPUT_PER_M: optionalPrice,
  AI_PRICE_OUTPUT_PER_M: optionalPrice,
  AI_USD_RUB_RATE: z.coerce.number().positive().max(100_000).default(90),
  // Telegram's paid broadcasts (allow_paid_broadcast): up to 1000 messages/s, 0.1 Star per message above the free rate.
  PUSH_PAID_BROADCAST: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  DAILY_REMINDER_TIME: z
    .string()
    .default('10:00')
    .refine((s) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s), 'must be a local time HH:MM, e.g. 10:00'),
  // The provider's details on /contacts and /terms; identifiers are shown only when configured.
  PROVIDER_NAME: optionalString.pipe(z.string().max(200).optional()),
  PROVIDER_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
  PROVIDER_TAX_STATUS: optionalString.pipe(z.string().max(200).optional()),
  PROVIDER_INN: optionalString.pipe(
    z
      .string()
      .regex(/^(\d{10}|\d{12})$/, 'must be 10 or 12 digits')
      .optional(),
  ),
  PROVIDER_CONTACTS_URL: optionalString.pipe(z.url().optional()),
});

export interface Config {
  /** Card id → custom emoji id for «Карта дня в статусе»; absent: the offer is off. */
  emojiStatus?: Readonly<Record<string, string>>;
  port: number;
  host: string;
  publicUrl?: string;
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL pool size, and the bounds on a query and on waiting for a connection (ms). */
  database: { poolSize: number; statementTimeoutMs: number; acquireTimeoutMs: number };
  /** Our own proxies' addresses: only their X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** YooKassa's notification addresses and ranges (YOOKASSA_TRUSTED_IPS); empty: any address (always in local mode). */
  yookassaTrustedIps: string[];
  /** No BOT_TOKEN: local mode (generated token, mock payments, /dev/launch). */
  localMode: boolean;
  botToken?: string;
  /**
   * The key of the keyed hashes of Telegram ids (SERVER_SECRET). Unset: in local mode generated at first start
   * and kept in the database (main.ts), like the local bot token; otherwise derived from BOT_TOKEN (with a warning).
   */
  serverSecret?: string;
  telegramApiRoot: string;
  botMode: 'polling' | 'webhook';
  webhookSecret?: string;
  /**
   * The AI provider (OPENAI_*), handed to the services as their AiConfig (main.ts; the limits there keep their
   * defaults). Spelled out here so that configuration does not depend on the services it configures.
   */
  openai: {
    apiKey?: string;
    baseUrl: string;
    model: string;
    maxTokens: number;
    temperature: number;
    reasoningEffort?: Exclude<z.infer<typeof schema>['OPENAI_REASONING_EFFORT'], 'default'>;
    timeoutMs: number;
    timeoutPerCardMs: number;
    idleTimeoutMs: number;
    /** OPENAI_MODERATION resolved: auto is on when the base URL is OpenAI's own. */
    moderation: boolean;
    screenTimeoutMs: number;
    /** Voice: text-to-speech model and voice, transcription model (AI_TTS_MODEL, AI_TTS_VOICE, AI_TRANSCRIBE_MODEL). */
    speechModel: string;
    speechVoice: string;
    transcriptionModel: string;
  };
  paymentsProvider: 'stars' | 'yookassa' | 'mock';
  yookassa: { shopId?: string; secretKey?: string; apiRoot: string };
  /** Price overrides (domain/commerce/pricing.ts has the defaults): RUB prices, micro A/B prices, Stars, rates. */
  pricing: {
    pricesRub: Record<string, number>;
    microPriceVariants: Record<string, number>;
    starsPrices: Record<string, number>;
    currencyRates: Record<string, number>;
  };
  adminUserIds: number[];
  /** The owner's dashboard (STARS_RUB_RATE, AI_PRICE_INPUT_PER_M, AI_PRICE_OUTPUT_PER_M, AI_USD_RUB_RATE). */
  dashboard: { starsRubRate: number; aiPriceInputPerM?: number; aiPriceOutputPerM?: number; usdRubRate: number };
  /** The support desk's operators' chat (SUPPORT_CHAT_ID); unset: each of adminUserIds privately. */
  supportChatId?: number;
  specialAccessUserIds: number[];
  defaultTimeZone: string;
  initDataMaxAgeS: number;
  logLevel: string;
  /** Bearer token for GET /metrics; unset: no metrics endpoint. */
  metricsToken?: string;
  /** Push sender pacing (messages per second, all chats together) and the daily reminder's local time. */
  push: { ratePerSecond: number; dailyReminderTime: string; paidBroadcast: boolean };
  /** The provider's details for the legal pages (PROVIDER_*). */
  provider: LegalDetails;
  /** Settings that still work but should be changed (logged at start). */
  warnings: string[];
}

export class ConfigError extends Error {}

/** A deployment without SERVER_SECRET: a key derived from the bot token (never the token itself). */
const derivedServerSecret = (botToken: string) => crypto.createHmac('sha256', 'TarotServerSecret').update(botToken).digest('hex');

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  const localMode = !e.BOT_TOKEN;
  // Local mode signs anyone in as anyone (/dev/launch): it must never be reachable from another machine.
  if (localMode && !isLoopbackHost(e.HOST)) {
    throw new ConfigError(
      `Invalid environment variable HOST: "${e.HOST}" is not a loopback address; without BOT_TOKEN the app runs in local mode, which anyone could sign in to as anyone, so it listens only on 127.0.0.1, ::1 or localhost`,
    );
  }
  const paymentsProvider = e.PAYMENTS_PROVIDER ?? (localMode ? 'mock' : 'stars');
  if (paymentsProvider === 'yookassa' && (!e.YOOKASSA_SHOP_ID || !e.YOOKASSA_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid environment variable YOOKASSA_SHOP_ID: YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are required when PAYMENTS_PROVIDER=yookassa',
    );
  }
  const botMode = e.BOT_MODE ?? (e.PUBLIC_URL?.startsWith('https://') ? 'webhook' : 'polling');
  if (botMode === 'webhook' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid environment variable PUBLIC_URL: required when BOT_MODE=webhook');
  }
  // Without the secret anyone could post a forged successful_payment to the webhook.
  if (botMode === 'webhook' && !localMode && !e.WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid environment variable WEBHOOK_SECRET: required in webhook mode (anyone could post forged updates without it)',
    );
  }
  const warnings = (['PRICES_RUB', 'STARS_PRICES'] as const).flatMap((name) =>
    Object.keys(LEGACY_PLAN_IDS)
      .filter((old) => new RegExp(`(^|,)\\s*${old}\\s*[:=]`).test(env[name] ?? ''))
      .map((old) => `${name}: the key "${old}" is deprecated, write "${legacyPlanId(old)}" (accepted until the next release)`),
  );
  // Without SERVER_SECRET a deployment keys its hashes with one derived from the bot token: it works, but a new
  // bot token would then forget the limits and markers of deleted accounts.
  if (!localMode && !e.SERVER_SECRET)
    warnings.push(
      "SERVER_SECRET: not set, derived from BOT_TOKEN; set it (openssl rand -hex 32) so that a new bot token keeps deleted accounts' limits and markers",
    );
  return {
    warnings,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
    },
    trustedProxies: e.TRUSTED_PROXIES,
    yookassaTrustedIps: localMode ? [] : e.YOOKASSA_TRUSTED_IPS,
    localMode,
    botToken: e.BOT_TOKEN,
    serverSecret: e.SERVER_SECRET ?? (e.BOT_TOKEN ? derivedServerSecret(e.BOT_TOKEN) : undefined),
    telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    botMode,
    webhookSecret: e.WEBHOOK_SECRET,
    openai: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      maxTokens: e.OPENAI_MAX_TOKENS,
      temperature: e.OPENAI_TEMPERATURE,
      reasoningEffort: e.OPENAI_REASONING_EFFORT === 'default' ? undefined : e.OPENAI_REASONING_EFFORT,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      timeoutPerCardMs: e.OPENAI_TIMEOUT_PER_CARD_MS,
      idleTimeoutMs: e.OPENAI_IDLE_TIMEOUT_MS,
      moderation: e.OPENAI_MODERATION === 'auto' ? new URL(e.OPENAI_BASE_URL).hostname === 'api.openai.com' : e.OPENAI_MODERATION === 'on',
      screenTimeoutMs: e.OPENAI_SCREEN_TIMEOUT_MS,
      speechModel: e.AI_TTS_MODEL,
      speechVoice: e.AI_TTS_VOICE,
      transcriptionModel: e.AI_TRANSCRIBE_MODEL,
    },
    paymentsProvider,
    yookassa: { shopId: e.YOOKASSA_SHOP_ID, secretKey: e.YOOKASSA_SECRET_KEY, apiRoot: e.YOOKASSA_API_ROOT.replace(/\/+$/, '') },
    pricing: {
      pricesRub: e.PRICES_RUB,
      microPriceVariants: e.MICRO_PRICE_VARIANTS,
      starsPrices: e.STARS_PRICES,
      currencyRates: e.CURRENCY_RATES,
    },
    adminUserIds: e.ADMIN_USER_IDS,
    dashboard: {
      starsRubRate: e.STARS_RUB_RATE,
      aiPriceInputPerM: e.AI_PRICE_INPUT_PER_M,
      aiPriceOutputPerM: e.AI_PRICE_OUTPUT_PER_M,
      usdRubRate: e.AI_USD_RUB_RATE,
    },
    supportChatId: e.SUPPORT_CHAT_ID,
    specialAccessUserIds: e.SPECIAL_ACCESS_USER_IDS,
    defaultTimeZone: e.DEFAULT_TIME_ZONE,
    initDataMaxAgeS: e.INIT_DATA_MAX_AGE_S,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    emojiStatus: e.EMOJI_STATUS_CUSTOM_EMOJI,
    push: { ratePerSecond: e.PUSH_RATE_PER_S, dailyReminderTime: e.DAILY_REMINDER_TIME, paidBroadcast: e.PUSH_PAID_BROADCAST },
    provider: {
      // Local mode shows example details (docs/operations.md); a real deployment names the provider itself.
      providerName: e.PROVIDER_NAME ?? (localMode ? LOCAL_PROVIDER_PLACEHOLDERS.name : undefined),
      email: e.PROVIDER_EMAIL ?? (localMode ? LOCAL_PROVIDER_PLACEHOLDERS.email : undefined),
      taxStatus: e.PROVIDER_TAX_STATUS ?? DEFAULT_TAX_STATUS,
      inn: e.PROVIDER_INN,
      contactsUrl: e.PROVIDER_CONTACTS_URL,
    },
  };
}
