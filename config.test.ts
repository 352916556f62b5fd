import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('runs in local mode with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ localMode: true, paymentsProvider: 'mock', port: 3000, host: '127.0.0.1', dataDir: './data', defaultTimeZone: 'Europe/Moscow', botMode: 'polling' });
    expect(c.openai).toMatchObject({ model: 'gpt-3.5-turbo', maxTokens: 2500, temperature: 0.7 });
  });

  it('defaults to Stars and webhooks for a real bot on an https address', () => {
    const c = loadConfig({ BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345', PUBLIC_URL: 'https://tarot.example.com/' });
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
    [{ DEFAULT_TIME_ZONE: 'Moscow' }, /^Invalid environment variable DEFAULT_TIME_ZONE: is not an IANA time zone/],
    [{ OPENAI_TEMPERATURE: '3' }, /^Invalid environment variable OPENAI_TEMPERATURE: /],
    [{ BOT_MODE: 'webhook' }, /^Invalid environment variable PUBLIC_URL: required when BOT_MODE=webhook/],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('parses id lists', () => {
    expect(loadConfig({ ADMIN_USER_IDS: ' 1, 5000000000123 ,', SPECIAL_ACCESS_USER_IDS: '' })).toMatchObject({ adminUserIds: [1, 5000000000123], specialAccessUserIds: [] });
  });
});
