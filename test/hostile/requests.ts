// The hostile-input test's requests: a valid body per route to mutate, a request arbitrary per route (method,
// params, query, body, auth, secrets), and sending one request with the checks every answer must pass.
import crypto from 'node:crypto';
import fc from 'fast-check';
import type { HostileApp } from './app';
import { bodyArb, paramArb, queryArb, type BodySpec } from './bodies';
import { ATTACKER, FREE, VIP, VICTIMS, WEBHOOK_SECRET, SECRET_MARKER, RESPONSE_TIMEOUT_MS, ATTACKER_ADDRESS } from './constants';
import { anyString, asHeaderBytes, CONTENT_TYPES, hostileValue } from './values';

interface Sent {
  app: 'prod' | 'mock';
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  /** What the body is (for the failure report). */
  what: string;
  /** Telegram's secret token was right (then the body is no update of anyone's). */
  telegramSecret?: boolean;
}

export type HostileRequests = ReturnType<typeof hostileRequests>;

/** Garbage after `tma `. */
const GARBLED_AUTH = anyString(100).map((s) => asHeaderBytes(`tma ${s}`));

/** The request helpers for a started app (its seeds and auth headers are read once, here). */
export function hostileRequests(app: HostileApp) {
  const { fake, prod, mock, seeds, attackerAuth, forgedAuth, attackerReadings, ids } = app;

  /** A valid body per route (the base the mutations start from; a new object per call). Routes not listed get random bodies. */
  function samples(): Record<string, (pick: number) => Record<string, unknown>> {
    const pickOf = <T>(xs: T[], i: number) => xs[i % xs.length];
    const readingIds = [seeds.vipReading, seeds.basicReading, seeds.freeReading, ...attackerReadings];
    return {
      'POST /api/user/daily-card/use': () => ({ redraw: true }),
      'POST /api/user/reading': (i) => ({
        readingId: pickOf(readingIds, i),
        question: 'Чужой вопрос',
        title: 'Карта дня',
        cards: ['Шут', { name: 'Маг' }],
        interpretation: 'x',
      }),
      'POST /api/user/subscription': (i) => ({ subscriptionType: pickOf(['vip', 'basic', 'week', 'free'], i), userId: VIP }),
      'PUT /api/user/settings': (i) => ({
        timeZone: pickOf(['Europe/Moscow', 'Asia/Vladivostok', 'Etc/GMT+12'], i),
        notifyDaily: false,
        userId: VIP,
      }),
      'POST /api/readings': (i) => ({
        spreadType: pickOf(['free_daily', 'celtic_cross', 'love_relationship'], i),
        question: 'Что ждёт меня завтра?',
        userId: VIP,
      }),
      'POST /api/payments/create-one-time': (i) => ({
        product: pickOf(['micro', 'week'], i),
        readingId: pickOf(readingIds, i),
        mode: pickOf(['redirect', 'embedded'], i),
        returnUrl: 'https://evil.example/',
        provider: pickOf(['yookassa', 'stars'], i),
        context: { source: 'reading', userId: VIP },
      }),
      'POST /api/payments/create': (i) => ({
        type: pickOf(['vip', 'basic', 'week'], i),
        userId: pickOf([VIP, ATTACKER], i),
        mode: 'redirect',
        provider: pickOf(['yookassa', 'stars'], i),
      }),
      'POST /api/payments/create-initial': (i) => ({
        planId: pickOf(['vip', 'basic'], i),
        autopayConsent: true,
        amount: pickOf([1, 10, 499], i),
        userId: pickOf([VIP, ATTACKER], i),
      }),
      'POST /api/payments/sync-method': (i) => ({
        paymentId: pickOf([...seeds.paidPaymentIds, seeds.pendingPaymentId], i),
        orderId: pickOf(seeds.orderIds, i),
      }),
      'POST /api/admin/refund': (i) => ({ paymentId: pickOf(seeds.paymentRowIds, i) }),
      'POST /api/readings/micro/reveal': (i) => ({ readingId: pickOf(readingIds, i) }),
      'POST /api/analytics/track': () => ({ event: 'saw_free_card', payload: { screen: 'home', userId: VIP } }),
      'POST /api/natal/chart': (i) => ({
        date: '1990-05-17',
        time: '12:30',
        city: pickOf(['Москва', 'Ленинград', 'Нигде'], i),
        latitude: 55.75,
        longitude: 37.6,
        timeZone: 'Europe/Moscow',
      }),
      'POST /api/chat': (i) => ({ readingId: pickOf(readingIds, i), messages: [{ role: 'user', content: 'Как сложится мой год?' }] }),
      'POST /api/interpret-daily-card': () => ({ cardName: 'Шут', cardMeaning: 'x', context: 'y' }),
      'POST /api/detailed-daily-guidance': () => ({ dailyPlans: 'Встреча и спорт', cardName: 'Шут' }),
      'POST /api/payments/yookassa/webhook': (i) => ({
        type: 'notification',
        event: pickOf(['payment.succeeded', 'payment.waiting_for_capture', 'refund.succeeded', 'payment.canceled'], i),
        object: {
          id: pickOf([seeds.pendingPaymentId, ...seeds.paidPaymentIds, ...fake.payments.keys(), crypto.randomUUID()], i),
          status: 'succeeded',
          paid: true,
          amount: { value: '499.00', currency: 'RUB' },
          payment_method: { id: 'pm-forged', saved: true, type: 'bank_card' },
          metadata: { userId: String(pickOf([ATTACKER, FREE], i)), orderId: pickOf(seeds.orderIds, i), product: 'vip' },
        },
      }),
      'POST /api/telegram/webhook': (i) => ({
        update_id: 1_000_000 + i,
        message: {
          message_id: i,
          date: Math.floor(Date.now() / 1000),
          chat: { id: pickOf(VICTIMS, i), type: 'private' },
          from: { id: pickOf(VICTIMS, i), is_bot: false, first_name: 'Вика' },
          text: pickOf(['/start', '/reading', '/stats'], i),
          successful_payment: {
            currency: 'XTR',
            total_amount: 385,
            invoice_payload: pickOf(seeds.orderIds, i),
            telegram_payment_charge_id: `forged-${i}`,
            provider_payment_charge_id: '',
          },
        },
      }),
    };
  }

  /** Sends one request to an app and reads the whole answer (SSE included), failing if it hangs. */
  async function send(s: Sent): Promise<{ status: number; text: string; contentType: string }> {
    const app = s.app === 'mock' ? mock : prod;
    const init: RequestInit = { method: s.method, headers: s.headers };
    if (s.body !== null && s.method !== 'GET' && s.method !== 'HEAD') init.body = s.body as BodyInit;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no complete answer in ${RESPONSE_TIMEOUT_MS} ms`)), RESPONSE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        (async () => {
          const res = await app.request(s.url, init);
          return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
        })(),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  const describeSent = (s: Sent) => {
    const body =
      s.body === null ? '' : typeof s.body === 'string' ? s.body : `<${s.body.length} bytes> ${Buffer.from(s.body).toString('latin1')}`;
    const auth = s.headers.authorization ?? '';
    return `${s.app} ${s.method} ${s.url.slice(0, 300)} [${s.what}${s.telegramSecret ? ', right secret' : ''}] auth=${auth.slice(0, 60)}${auth.length > 60 ? '…' : ''} ct=${s.headers['content-type'] ?? '-'} body=${body.slice(0, 300)}${body.length > 300 ? `… (${body.length})` : ''}`;
  };

  /** The answer must be a 4xx/2xx, JSON in the API's envelope for /api errors, and leak nothing from disk. */
  function check(s: Sent, r: { status: number; text: string; contentType: string }) {
    // Described only for a failure: building the description for every answer cost more than most checks.
    const where = () => describeSent(s);
    if (r.status >= 500) throw new Error(`${r.status} ${r.text.slice(0, 300)} for ${where()}`);
    if (r.text.includes(SECRET_MARKER)) throw new Error(`a file outside the web app was served for ${where()}`);
    const pathname = new URL(s.url).pathname;
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/telegram/') && s.method !== 'HEAD' && r.status >= 400) {
      let body: any = null;
      try {
        body = JSON.parse(r.text);
      } catch {
        /* checked below */
      }
      if (body?.success !== false || typeof body.error !== 'string')
        throw new Error(`error answer outside the envelope (${r.status} ${r.text.slice(0, 200)}) for ${where()}`);
    }
    if (pathname === '/api/payments/yookassa/webhook' && r.status === 200) {
      const outcome = JSON.parse(r.text).data?.outcome;
      if (outcome === 'applied') throw new Error(`a forged YooKassa notification was applied: ${where()}`);
    }
  }

  /** Requests for one route: its method (or another), params and query filled, a hostile body and auth. */
  function requestArb(route: { method: string; path: string }): fc.Arbitrary<Sent> {
    const key = `${route.method} ${route.path}`;
    const value = hostileValue(ids);
    const param = paramArb(ids);
    const sample = samples()[key] ?? (() => ({}));
    const isTelegram = route.path === '/api/telegram/webhook';
    const isYooKassa = route.path.startsWith('/api/payments/yookassa');
    const noAuth = isTelegram || isYooKassa || !route.path.startsWith('/api/') || route.path === '/api/health';
    const auth: fc.Arbitrary<string | null> = noAuth
      ? fc.oneof(fc.constant(null), fc.constantFrom(...attackerAuth, ...forgedAuth))
      : fc.oneof(
          { arbitrary: fc.constantFrom(...attackerAuth), weight: 7 },
          { arbitrary: fc.constantFrom(...forgedAuth), weight: 3 },
          { arbitrary: fc.constant(null), weight: 1 },
          { arbitrary: GARBLED_AUTH, weight: 1 },
        );
    const method =
      route.method === 'ALL'
        ? fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD')
        : fc.oneof(
            { arbitrary: fc.constant(route.method), weight: 9 },
            { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), weight: 1 },
          );
    // Fill :params; '*' gets random segments (traversal attempts included).
    const segment = fc.oneof(
      param,
      fc.constantFrom('..', '%2e%2e', '..%2f..%2f', 'secret.txt', '..%2fsecret.txt', 'index-abc.js', 'back.svg', '%5c..%5c'),
    );
    const filledPath = fc
      .tuple(fc.array(param, { minLength: 4, maxLength: 4 }), fc.array(segment, { minLength: 1, maxLength: 4 }))
      .map(([ps, segs]) => {
        let i = 0;
        return route.path.replace(/:[A-Za-z_]+/g, () => ps[i++ % ps.length]).replace(/\*$/, segs.join('/'));
      });
    const any = bodyArb(sample, value);
    // The secret and the body are drawn together, so no request draws a body it does not send. With
    // Telegram's real secret the body is Telegram's word: only shapes that are no update of anyone's.
    type SecretAndBody = { secret: string | null; right: boolean; body: BodySpec };
    const withSecret = (secret: fc.Arbitrary<string | null>, right: boolean, body: fc.Arbitrary<BodySpec>): fc.Arbitrary<SecretAndBody> =>
      fc.tuple(secret, body).map(([secret, body]) => ({ secret, right, body }));
    const secretAndBody: fc.Arbitrary<SecretAndBody> = isTelegram
      ? fc.oneof(
          { arbitrary: withSecret(fc.constant(null), false, any), weight: 2 },
          {
            arbitrary: withSecret(
              fc.constantFrom('wrong', WEBHOOK_SECRET.toUpperCase(), `${WEBHOOK_SECRET}x`, WEBHOOK_SECRET.slice(0, -1), ''),
              false,
              any,
            ),
            weight: 3,
          },
          {
            arbitrary: withSecret(
              fc.constant(WEBHOOK_SECRET),
              true,
              bodyArb((i) => ({ update_id: 2_000_000 + i }), value),
            ),
            weight: 2,
          },
        )
      : withSecret(fc.constant(null), false, any);
    return fc
      .record({
        app: fc.oneof(
          { arbitrary: fc.constant<'prod' | 'mock'>('prod'), weight: 3 },
          { arbitrary: fc.constant<'prod' | 'mock'>('mock'), weight: 1 },
        ),
        method,
        path: filledPath,
        query: queryArb(param),
        auth,
        contentType: CONTENT_TYPES,
        accept: fc.constantFrom(null, 'application/json', 'text/event-stream', '*/*', 'text/event-stream, application/json'),
        secretAndBody,
        // Failed sign-ins are throttled per client address: forged ones come from many, the attacker's own
        // valid calls from one that never fails (else the throttle would answer everything with 429).
        forgedFrom: fc.option(fc.ipV4(), { nil: null, freq: 8 }),
        // Most requests are the attacker's own, well-addressed JSON calls, so the bodies reach the handlers;
        // the rest vary everything at once.
        focused: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 2 }),
      })
      .map((r) => {
        if (r.focused) {
          if (!noAuth) r.auth = attackerAuth[0];
          if (route.method !== 'ALL') r.method = route.method;
          r.contentType = 'application/json';
        }
        const headers: Record<string, string> = {};
        if (r.auth !== null) headers.authorization = r.auth;
        if (r.contentType !== null) headers['content-type'] = asHeaderBytes(r.contentType);
        if (r.accept !== null) headers.accept = r.accept;
        if (r.secretAndBody.secret !== null) headers['x-telegram-bot-api-secret-token'] = r.secretAndBody.secret;
        if (r.auth !== null && attackerAuth.includes(r.auth)) headers['x-forwarded-for'] = ATTACKER_ADDRESS;
        else if (r.forgedFrom !== null) headers['x-forwarded-for'] = r.forgedFrom;
        const body = r.secretAndBody.body;
        return {
          app: r.app,
          method: r.method,
          url: `http://localhost${r.path}${r.query}`,
          headers,
          body: body.body,
          what: body.what,
          telegramSecret: r.secretAndBody.right,
        };
      });
  }

  return { send, check, requestArb, describeSent };
}
