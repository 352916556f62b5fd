// The typed API client: requests go where the routes are, with the launch data; a refusal becomes an
// ApiError with the server's Russian text; and the typecheck (npm run typecheck) refuses a field or a route
// the server does not have: each `@ts-expect-error` below fails the build if its line ever compiles.
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, client, createReading, getReading, type ReadingView, type UserStatus } from './api';
import { getEntitlements, type Pricing } from './payments/client';

const INIT_DATA = 'query_id=q1&user=%7B%22id%22%3A7%2C%22first_name%22%3A%22%D0%90%D0%BD%D0%BD%D0%B0%22%7D&auth_date=1&hash=abc';

type Asked = { url: string; method: string; headers: Headers; body: string | null };

/**
 * Runs `fn` in a Mini App (the launch data in the hash; no sessionStorage here) whose server answers
 * every request with `answer`; records what was asked. The globals are restored however `fn` ends.
 */
async function withServer(status: number, answer: unknown, fn: (asked: Asked[]) => Promise<void>) {
  const asked: Asked[] = [];
  // Inside Telegram's webview (its bridge is there): the launch data stays where the SDK reads it.
  vi.stubGlobal('window', {
    location: { hash: `#tgWebAppData=${encodeURIComponent(INIT_DATA)}`, search: '' },
    TelegramWebviewProxy: { postEvent() {} },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: (init.body as string) ?? null });
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  });
  try {
    await fn(asked);
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('typed API client', () => {
  it('calls the route with its path, body and the launch data, and answers its data', async () => {
    await withServer(201, { success: true, data: { id: 9, question: 'Что ждёт?' } }, async (asked) => {
      expect(await createReading('free_daily', 'Что ждёт?')).toEqual({ id: 9, question: 'Что ждёт?' });
      await getEntitlements(12);
      await getReading(5);
      expect(asked.map((r) => `${r.method} ${r.url}`)).toEqual([
        'POST /api/readings',
        'GET /api/user/entitlements?readingId=12',
        'GET /api/readings/5',
      ]);
      expect(asked[0].body).toBe(JSON.stringify({ spreadType: 'free_daily', question: 'Что ждёт?', table: true }));
      expect(asked[0].headers.get('Content-Type')).toBe('application/json');
      for (const r of asked) expect(r.headers.get('Authorization')).toBe(`tma ${INIT_DATA}`);
    });
  });

  it('a refusal is an ApiError: the Russian text without the field name, the details kept', async () => {
    const answer = { success: false, error: 'spreadType: лимит раскладов на сегодня исчерпан', resetsAt: '2026-01-02T00:00:00.000Z' };
    await withServer(429, answer, async () => {
      const err = await getReading(5).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 429, message: 'лимит раскладов на сегодня исчерпан', detail: answer.error });
      expect((err as ApiError).resetsAt).toBe(answer.resetsAt);
    });
  });

  it('types come from the routes: a wrong field, body or route does not compile', () => {
    expectTypeOf<ReadingView['question']>().toEqualTypeOf<string>();
    expectTypeOf<ReadingView['createdAt']>().toEqualTypeOf<string>(); // a Date on the server, a string in JSON
    expectTypeOf<UserStatus>().toHaveProperty('subscriptionType');
    expectTypeOf<Pricing>().toHaveProperty('providers');
    const typeOnly = () => {
      const r = null as unknown as ReadingView;
      // @ts-expect-error the reading answer has no `title`
      void r.title;
      // @ts-expect-error the create body's field is `spreadType`, not `spread`
      void client.readings.$post({ json: { spread: 'free_daily', question: 'Что ждёт?' } });
      // @ts-expect-error the spread type is one of the catalogue's
      void client.readings.$post({ json: { spreadType: 'tea_leaves', question: 'Что ждёт?' } });
      // @ts-expect-error there is no such route
      void client.readings[':id'].horoscope.$get({ param: { id: '1' } });
      // @ts-expect-error a reading's id is a path parameter
      void client.readings[':id'].$get({});
    };
    expect(typeof typeOnly).toBe('function');
  });
});
