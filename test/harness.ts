// The real Hono app on a real database, with a movable clock, for integration tests.
import crypto from 'node:crypto';
import pino from 'pino';
import { onTestFinished } from 'vitest';
import { createApi } from '../api/app';
import type { TelegramProfile } from '../db/repositories/users';
import { createServices, type ServiceDeps } from '../services';
import type { RandomInt } from '../domain/tarot/deal';
import type { LegalDetails } from '../domain/commerce/legal';
import type { AiConfig } from '../services/deps';
import { createIdentity } from '../services/identity';
import { createMetrics } from '../services/metrics';
import type { Logger } from '../logger';
import type { PaymentsDeps } from '../services/payments/types';
import { createTestDatabase, type TestDbKind } from './databases';
import type { AnswerBody } from './route-types';

export const TEST_BOT_TOKEN = '7000000001:AAHtestTokenForTheTarotAppTests_0123456';
/** The tests' SERVER_SECRET (the key of the hashes that outlive a deleted account). */
export const TEST_SERVER_SECRET = 'test-server-secret-0123456789abcdef0123456789abcdef';

export interface HarnessOptions {
  specialAccessUserIds?: number[];
  mockPayments?: boolean;
  now?: Date;
  webDist?: string;
  localMode?: boolean;
  /** The AI provider (e.g. test/fake-openai.ts); by default no key, so every interpretation is the fallback. */
  ai?: Partial<AiConfig>;
  /** The provider's details for the legal pages (PROVIDER_*); by default none but the tax status. */
  legal?: LegalDetails;
  /** Payments: provider, YooKassa (test/fake-yookassa.ts), the Stars Api (a fake Bot API); mock by default. */
  payments?: Partial<PaymentsDeps>;
  adminUserIds?: number[];
  /** SUPPORT_CHAT_ID: the support desk's operators' chat. */
  supportChatId?: number;
  /** Where the app logs (silent by default). */
  logger?: Logger;
  /** Serve /metrics behind this token. */
  metricsToken?: string;
  /** TRUSTED_PROXIES: whose X-Forwarded-For names the client. */
  trustedProxies?: string[];
  /** The largest export file the bot sends (Telegram's 50 MB by default). */
  chatExportMaxBytes?: number;
  /** Sharing: public address, bot username, savePreparedInlineMessage (a fake Bot API). */
  share?: ServiceDeps['share'];
  /** Messages to the operators (the bot harness sends them to its local Telegram). */
  operatorMessenger?: ServiceDeps['operatorMessenger'];
  /** The deal's random source (crypto.randomInt by default); a test may rig a deal with it. */
  randomInt?: RandomInt;
  /** «Карта дня в статусе»: card id → custom emoji id (EMOJI_STATUS_CUSTOM_EMOJI). */
  emojiStatus?: ServiceDeps['emojiStatus'];
}

/** Test values for the AI provider: the default model settings, short deadlines (none per card), no key. */
export const testAiConfig = (ai: Partial<AiConfig> = {}): AiConfig => ({
  baseUrl: 'http://127.0.0.1:9/v1',
  model: 'gpt-6-luna',
  maxTokens: 2500,
  temperature: 0.7,
  reasoningEffort: 'none',
  timeoutMs: 5_000,
  timeoutPerCardMs: 0,
  idleTimeoutMs: 5_000,
  pollIntervalMs: 50,
  ...ai,
});

export async function createHarness(kind: TestDbKind, o: HarnessOptions = {}) {
  const database = await createTestDatabase(kind);
  let now = o.now ?? new Date();
  /** The clock before the running test first moved it. */
  let saved: Date | null = null;
  const clock = () => now;
  const deps: ServiceDeps = {
    db: database.db,
    clock,
    randomInt: o.randomInt ?? ((max) => crypto.randomInt(max)),
    defaultTimeZone: 'Europe/Moscow',
    serverSecret: TEST_SERVER_SECRET,
    specialAccessUserIds: o.specialAccessUserIds ?? [],
    mockPayments: o.mockPayments ?? true,
    ai: testAiConfig(o.ai),
    legal: o.legal,
    payments: { provider: (o.mockPayments ?? true) ? 'mock' : 'stars', ...o.payments },
    adminUserIds: o.adminUserIds ?? [],
    supportChatId: o.supportChatId,
    share: o.share,
    operatorMessenger: o.operatorMessenger,
    chatExportMaxBytes: o.chatExportMaxBytes,
    emojiStatus: o.emojiStatus,
    warn: o.logger ? (fields, message) => o.logger!.warn(fields, message) : undefined,
  };
  const services = createServices(deps);
  const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
  const app = createApi({
    services,
    identity,
    logger: o.logger ?? pino({ level: 'silent' }),
    localMode: o.localMode ?? true,
    webDist: o.webDist,
    metrics: createMetrics(database.db),
    metricsToken: o.metricsToken,
    trustedProxies: o.trustedProxies,
  });

  // Signed as Telegram signs it, dated this second: another call in the same second would sign the very same
  // string, so it is signed once per user and second rather than for every one of the suite's calls.
  const signed = new Map<string, { second: number; header: string }>();
  const authFor = (user: TelegramProfile | number) => {
    const key = typeof user === 'number' ? String(user) : JSON.stringify(user);
    const second = Math.floor(Date.now() / 1000);
    const hit = signed.get(key);
    if (hit?.second === second) return hit.header;
    const profile = typeof user === 'number' ? { id: user, first_name: 'Тест' } : user;
    const header = `tma ${identity.signInitData(profile, { authDate: new Date(second * 1000) })}`;
    signed.set(key, { second, header });
    return header;
  };

  /** Calls the app as `user` (a Telegram id or profile); `json` is sent as the body. */
  async function call<M extends string, P extends string>(
    user: TelegramProfile | number | null,
    method: M,
    path: P,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: AnswerBody<M, P>; headers: Headers }> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (user !== null) (init.headers as Record<string, string>).Authorization = authFor(user);
    if (json !== undefined) {
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
      init.body = typeof json === 'string' ? json : JSON.stringify(json);
    }
    const res = await app.request(path, init);
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  }

  return {
    app,
    services,
    /** What the services were built from: a test builds a second instance or a variant from it. */
    deps,
    identity,
    db: database.db,
    authFor,
    call,
    /**
     * Moves the app's clock. Inside a test (or its beforeEach) the clock goes back to where it was when the
     * test ends, pass or fail, so no test leaks its time into the next; from a beforeAll it stays set.
     */
    setNow(d: Date) {
      if (!saved) {
        try {
          onTestFinished(() => {
            now = saved!;
            saved = null;
          });
          saved = now;
        } catch {
          /* not inside a test: the file's own starting time */
        }
      }
      now = d;
    },
    close: () => database.close(),
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
