// The real Hono app on a real database, with a movable clock, for integration tests.
import crypto from 'node:crypto';
import pino from 'pino';
import { createApi } from '../api/app';
import type { TelegramProfile } from '../db/repositories/users';
import { createServices } from '../services';
import { createIdentity } from '../services/identity';
import { createTestDatabase, type TestDbKind } from './databases';

export const TEST_BOT_TOKEN = '7000000001:AAHtestTokenForTheTarotAppTests_0123456';

export interface HarnessOptions {
  specialAccessUserIds?: number[];
  mockPayments?: boolean;
  now?: Date;
  webDist?: string;
  localMode?: boolean;
}

export async function createHarness(kind: TestDbKind, o: HarnessOptions = {}) {
  const database = await createTestDatabase(kind);
  let now = o.now ?? new Date();
  const clock = () => now;
  const services = createServices({
    db: database.db,
    clock,
    randomInt: (max) => crypto.randomInt(max),
    defaultTimeZone: 'Europe/Moscow',
    specialAccessUserIds: o.specialAccessUserIds ?? [],
    mockPayments: o.mockPayments ?? true,
  });
  const identity = createIdentity({ botToken: TEST_BOT_TOKEN, maxAgeS: 86400 });
  const app = createApi({ services, identity, logger: pino({ level: 'silent' }), localMode: o.localMode ?? true, webDist: o.webDist });

  const authFor = (user: TelegramProfile | number) =>
    `tma ${identity.signInitData(typeof user === 'number' ? { id: user, first_name: 'Тест' } : user)}`;

  /** Calls the app as `user` (a Telegram id or profile); `json` is sent as the body. */
  async function call(user: TelegramProfile | number | null, method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
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
    identity,
    db: database.db,
    authFor,
    call,
    setNow(d: Date) {
      now = d;
    },
    close: () => database.close(),
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
