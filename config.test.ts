import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('runs in local mode with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      localMode: true,
      paymentsProvider: 'mock',
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      defaultTimeZone: 'Europe/Moscow',
      botMode: 'polling',
    });
    expect(c.openai).toMatchObject({ model: 'gpt-6-luna', maxTokens: 2500, temperature: 0.7, reasoningEffort: 'none' });
    // A reading's call: 60 s plus 10 s a card (the 13-card year forecast gets 190 s), and never 20 s of silence.
    expect(c.openai).toMatchObject({ timeoutMs: 60_000, timeoutPerCardMs: 10_000, idleTimeoutMs: 20_000 });
    expect(loadConfig({ OPENAI_REASONING_EFFORT: 'default' }).openai.reasoningEffort).toBeUndefined();
  });

  it('asks the moderation endpoint by default only of OpenAI itself; OPENAI_MODERATION says otherwise', () => {
    expect(loadConfig({}).openai).toMatchObject({ moderation: true, screenTimeoutMs: 4000 });
    expect(loadConfig({ OPENAI_BASE_URL: 'https://openrouter.ai/api/v1' }).openai.moderation).toBe(false);
    expect(loadConfig({ OPENAI_BASE_URL: 'https://openrouter.ai/api/v1', OPENAI_MODERATION: 'on' }).openai.moderation).toBe(true);
    expect(loadConfig({ OPENAI_MODERATION: 'off' }).openai.moderation).toBe(false);
    expect(() => loadConfig({ OPENAI_MODERATION: 'maybe' })).toThrow(/^Invalid environment variable OPENAI_MODERATION: /);
  });

  it('keeps local mode on loopback: another HOST without BOT_TOKEN is refused with one line naming HOST', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'tarot.example.com', '::ffff:10.0.0.1']) {
      expect(() => loadConfig({ HOST: host, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/prod' })).toThrow(
        /^Invalid environment variable HOST: .*local mode/,
      );
    }
    // With a bot token the app may listen anywhere (the Docker image's 0.0.0.0).
    expect(loadConfig({ HOST: '0.0.0.0', BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345' }).host).toBe('0.0.0.0');
  });

  it('defaults to Stars and webhooks for a real bot on an https address', () => {
    const c = loadConfig({
      BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345',
      PUBLIC_URL: 'https://tarot.example.com/',
      WEBHOOK_SECRET: 'secret_1',
    });
    expect(c).toMatchObject({ localMode: false, paymentsProvider: 'stars', botMode: 'webhook', publicUrl: 'https://tarot.example.com' });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid environment variable PORT: /],
    [{ PORT: '70000' }, /^Invalid environment variable PORT: /],
    [{ BOT_TOKEN: 'not-a-token' }, /^Invalid environment variable BOT_TOKEN: must look like/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL: /],
    [{ PUBLIC_URL: 'tarot.example.com' }, /^Invalid environment variable PUBLIC_URL: /],
    [{ PAYMENTS_PROVIDER: 'paypal' }, /^Invalid environment variable PAYMENTS_PROVIDER: /],
    [{ PAYMENTS_PROVIDER: 'yookassa' }, /^Invalid environment variable YOOKASSA_SHOP_ID: /],
    [{ ADMIN_USER_IDS: '1,abc' }, /^Invalid environment variable ADMIN_USER_IDS: "abc" is not a Telegram user id/],
    [{ SUPPORT_CHAT_ID: '@support_group' }, /^Invalid environment variable SUPPORT_CHAT_ID: must be a Telegram chat id/],
    [{ DEFAULT_TIME_ZONE: 'Moscow' }, /^Invalid environment variable DEFAULT_TIME_ZONE: is not an IANA time zone/],
    [{ OPENAI_TEMPERATURE: '3' }, /^Invalid environment variable OPENAI_TEMPERATURE: /],
    [{ OPENAI_REASONING_EFFORT: 'huge' }, /^Invalid environment variable OPENAI_REASONING_EFFORT: /],
    [{ OPENAI_IDLE_TIMEOUT_MS: '0' }, /^Invalid environment variable OPENAI_IDLE_TIMEOUT_MS: /],
    [{ BOT_MODE: 'webhook' }, /^Invalid environment variable PUBLIC_URL: required when BOT_MODE=webhook/],
    [
      { BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345', PUBLIC_URL: 'https://tarot.example.com' },
      /^Invalid environment variable WEBHOOK_SECRET: required in webhook mode/,
    ],
    [
      { BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345', PUBLIC_URL: 'http://tarot.example.com', BOT_MODE: 'webhook' },
      /^Invalid environment variable WEBHOOK_SECRET: /,
    ],
    [{ TRUSTED_PROXIES: '10.0.0.1, proxy.local' }, /^Invalid environment variable TRUSTED_PROXIES: "proxy.local" is not an IP address/],
    [
      { YOOKASSA_TRUSTED_IPS: '185.71.76.0/27, yookassa.ru' },
      /^Invalid environment variable YOOKASSA_TRUSTED_IPS: "yookassa.ru" is not an IP address or a CIDR range/,
    ],
    [{ YOOKASSA_TRUSTED_IPS: '185.71.76.0/33' }, /^Invalid environment variable YOOKASSA_TRUSTED_IPS: "185.71.76.0\/33" is not/],
    [{ YOOKASSA_TRUSTED_IPS: '2a02:5180::/129' }, /^Invalid environment variable YOOKASSA_TRUSTED_IPS: /],
    [{ DATABASE_POOL_SIZE: '0' }, /^Invalid environment variable DATABASE_POOL_SIZE: /],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }, /^Invalid environment variable DATABASE_STATEMENT_TIMEOUT_MS: /],
    [{ PUSH_RATE_PER_S: '0' }, /^Invalid environment variable PUSH_RATE_PER_S: /],
    [{ DAILY_REMINDER_TIME: '25:00' }, /^Invalid environment variable DAILY_REMINDER_TIME: must be a local time HH:MM/],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('trusts no proxy and bounds the database at 10 connections and 5 s by default', () => {
    expect(loadConfig({})).toMatchObject({
      trustedProxies: [],
      database: { poolSize: 10, statementTimeoutMs: 5000, acquireTimeoutMs: 5000 },
    });
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, ::1', DATABASE_POOL_SIZE: '25' })).toMatchObject({
      trustedProxies: ['10.0.0.1', '::1'],
      database: { poolSize: 25 },
    });
  });

  it('hears YooKassa from anywhere unless YOOKASSA_TRUSTED_IPS is set, and never limits local mode', () => {
    const bot = { BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345' };
    expect(loadConfig(bot).yookassaTrustedIps).toEqual([]);
    const ranges = '185.71.76.0/27, 185.71.77.0/27,77.75.153.0/25, 77.75.156.11, 77.75.156.35, 77.75.154.128/25, 2A02:5180::/32';
    expect(loadConfig({ ...bot, YOOKASSA_TRUSTED_IPS: ranges }).yookassaTrustedIps).toEqual([
      '185.71.76.0/27',
      '185.71.77.0/27',
      '77.75.153.0/25',
      '77.75.156.11',
      '77.75.156.35',
      '77.75.154.128/25',
      '2a02:5180::/32',
    ]);
    expect(loadConfig({ YOOKASSA_TRUSTED_IPS: ranges }).yookassaTrustedIps).toEqual([]);
  });

  it('paces pushes at 25/s and reminds at 10:00 unless told otherwise', () => {
    expect(loadConfig({}).push).toEqual({ ratePerSecond: 25, dailyReminderTime: '10:00', paidBroadcast: false });
    expect(loadConfig({ PUSH_RATE_PER_S: '10', DAILY_REMINDER_TIME: '09:30' }).push).toEqual({
      ratePerSecond: 10,
      dailyReminderTime: '09:30',
      paidBroadcast: false,
    });
  });

  it('leaves the AI prices unset (the model list price applies) unless AI_PRICE_* say otherwise', () => {
    expect(loadConfig({}).dashboard).toEqual({ starsRubRate: 1.3, usdRubRate: 90 });
    expect(loadConfig({ AI_PRICE_INPUT_PER_M: '', AI_PRICE_OUTPUT_PER_M: '' }).dashboard.aiPriceInputPerM).toBeUndefined();
    expect(loadConfig({ AI_PRICE_INPUT_PER_M: '12.5', AI_PRICE_OUTPUT_PER_M: '0', AI_USD_RUB_RATE: '95' }).dashboard).toEqual({
      starsRubRate: 1.3,
      aiPriceInputPerM: 12.5,
      aiPriceOutputPerM: 0,
      usdRubRate: 95,
    });
    expect(() => loadConfig({ AI_PRICE_INPUT_PER_M: 'дёшево' })).toThrow(/AI_PRICE_INPUT_PER_M/);
  });

  it('turns paid broadcasts on with PUSH_PAID_BROADCAST, and names the variable for a bad value', () => {
    expect(loadConfig({ PUSH_PAID_BROADCAST: 'true', PUSH_RATE_PER_S: '500' }).push).toEqual({
      ratePerSecond: 500,
      dailyReminderTime: '10:00',
      paidBroadcast: true,
    });
    expect(loadConfig({ PUSH_PAID_BROADCAST: '1' }).push.paidBroadcast).toBe(true);
    expect(() => loadConfig({ PUSH_PAID_BROADCAST: 'yes please' })).toThrow(/PUSH_PAID_BROADCAST/);
  });

  it('keys the hashes of deleted accounts with SERVER_SECRET; a deployment without it derives one from the bot token and warns', () => {
    const bot = { BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345' };
    // Local mode: none here, main.ts generates it at first start and keeps it in the database.
    expect(loadConfig({}).serverSecret).toBeUndefined();
    expect(loadConfig({}).warnings).toEqual([]);
    const secret = 'a'.repeat(64);
    expect(loadConfig({ ...bot, SERVER_SECRET: secret })).toMatchObject({ serverSecret: secret, warnings: [] });
    const derived = loadConfig(bot);
    expect(derived.serverSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(derived.serverSecret).not.toContain(bot.BOT_TOKEN);
    expect(loadConfig(bot).serverSecret).toBe(derived.serverSecret);
    expect(derived.warnings).toEqual([expect.stringMatching(/^SERVER_SECRET: not set, derived from BOT_TOKEN/)]);
    expect(() => loadConfig({ ...bot, SERVER_SECRET: 'short' })).toThrow(
      /^Invalid environment variable SERVER_SECRET: must be at least 32 characters/,
    );
  });

  it('parses id lists', () => {
    expect(loadConfig({ ADMIN_USER_IDS: ' 1, 5000000000123 ,', SPECIAL_ACCESS_USER_IDS: '' })).toMatchObject({
      adminUserIds: [1, 5000000000123],
      specialAccessUserIds: [],
    });
    expect(loadConfig({ SUPPORT_CHAT_ID: ' -1001234567890 ' }).supportChatId).toBe(-1001234567890);
    expect(loadConfig({}).supportChatId).toBeUndefined();
  });
});

describe('price configuration', () => {
  it('parses price and rate pairs over the defaults', () => {
    const c = loadConfig({
      PRICES_RUB: 'week:199, micro=89',
      STARS_PRICES: 'vip:400',
      CURRENCY_RATES: 'BYN:0.04',
      MICRO_PRICE_VARIANTS: 'B:69',
    });
    expect(c.pricing).toEqual({
      pricesRub: { week: 199, micro: 89 },
      starsPrices: { vip: 400 },
      currencyRates: { BYN: 0.04 },
      microPriceVariants: { B: 69 },
    });
    expect(loadConfig({}).pricing.pricesRub).toEqual({});
  });

  it('accepts the plan keys that carried a price (vip_499 …) for one release, with a warning naming the new key', () => {
    const c = loadConfig({ PRICES_RUB: 'vip_499:599, basic_299=349, week:179', STARS_PRICES: 'week_7d:140' });
    expect(c.pricing.pricesRub).toEqual({ vip: 599, basic: 349, week: 179 });
    expect(c.pricing.starsPrices).toEqual({ week: 140 });
    expect(c.warnings).toEqual([
      'PRICES_RUB: the key "vip_499" is deprecated, write "vip" (accepted until the next release)',
      'PRICES_RUB: the key "basic_299" is deprecated, write "basic" (accepted until the next release)',
      'STARS_PRICES: the key "week_7d" is deprecated, write "week" (accepted until the next release)',
    ]);
    expect(loadConfig({ PRICES_RUB: 'vip:599' }).warnings).toEqual([]);
  });

  it.each([
    [{ PRICES_RUB: 'gold:5' }, /^Invalid environment variable PRICES_RUB: "gold:5" is not one of/],
    [{ PRICES_RUB: 'week:-1' }, /^Invalid environment variable PRICES_RUB: /],
    [{ STARS_PRICES: 'week:1.5' }, /^Invalid environment variable STARS_PRICES: "week:1.5" must be a positive whole number/],
    [{ CURRENCY_RATES: 'USD:90' }, /^Invalid environment variable CURRENCY_RATES: /],
  ])('stops on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
