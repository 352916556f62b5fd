// Environment parsed and validated once into a typed Config. A bad value stops start-up with one line
// naming the variable (see loadConfig's caller in main.ts).
import { z } from 'zod';

const idList = z
  .string()
  .default('')
  .transform((s, ctx) => {
    const ids = s.split(',').map((p) => p.trim()).filter(Boolean);
    for (const id of ids) {
      if (!/^\d{1,16}$/.test(id)) {
        ctx.addIssue({ code: 'custom', message: `"${id}" is not a Telegram user id` });
        return z.NEVER;
      }
    }
    return ids.map(Number);
  });

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() !== '' ? s.trim() : undefined));

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
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
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).default('gpt-3.5-turbo'),
  OPENAI_MAX_TOKENS: z.coerce.number().int().min(1).max(32000).default(2500),
  OPENAI_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(60000),
  PAYMENTS_PROVIDER: optionalString.pipe(z.enum(['stars', 'yookassa', 'mock']).optional()),
  YOOKASSA_SHOP_ID: optionalString,
  YOOKASSA_SECRET_KEY: optionalString,
  YOOKASSA_API_ROOT: z.url().default('https://api.yookassa.ru'),
  ADMIN_USER_IDS: idList,
  SPECIAL_ACCESS_USER_IDS: idList,
  DEFAULT_TIME_ZONE: z.string().default('Europe/Moscow').refine(isTimeZone, 'is not an IANA time zone'),
  INIT_DATA_MAX_AGE_S: z.coerce.number().int().min(1).default(86400),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.input<typeof schema>;

export interface Config {
  port: number;
  host: string;
  publicUrl?: string;
  databaseUrl?: string;
  dataDir: string;
  /** No BOT_TOKEN: local mode (generated token, mock payments, /dev/launch). */
  localMode: boolean;
  botToken?: string;
  telegramApiRoot: string;
  botMode: 'polling' | 'webhook';
  webhookSecret?: string;
  openai: {
    apiKey?: string;
    baseUrl: string;
    model: string;
    maxTokens: number;
    temperature: number;
    timeoutMs: number;
  };
  paymentsProvider: 'stars' | 'yookassa' | 'mock';
  yookassa: { shopId?: string; secretKey?: string; apiRoot: string };
  adminUserIds: number[];
  specialAccessUserIds: number[];
  defaultTimeZone: string;
  initDataMaxAgeS: number;
  logLevel: string;
}

export class ConfigError extends Error {}

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
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    localMode,
    botToken: e.BOT_TOKEN,
    telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    botMode,
    webhookSecret: e.WEBHOOK_SECRET,
    openai: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      maxTokens: e.OPENAI_MAX_TOKENS,
      temperature: e.OPENAI_TEMPERATURE,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
    },
    paymentsProvider,
    yookassa: { shopId: e.YOOKASSA_SHOP_ID, secretKey: e.YOOKASSA_SECRET_KEY, apiRoot: e.YOOKASSA_API_ROOT },
    adminUserIds: e.ADMIN_USER_IDS,
    specialAccessUserIds: e.SPECIAL_ACCESS_USER_IDS,
    defaultTimeZone: e.DEFAULT_TIME_ZONE,
    initDataMaxAgeS: e.INIT_DATA_MAX_AGE_S,
    logLevel: e.LOG_LEVEL,
  };
}
