// A fake YooKassa API v3 on 127.0.0.1 for tests: create a payment (HTTP Basic, Idempotence-Key required
// and honoured), read it back, refunds. Tests move a payment on with succeed()/cancel() and can tamper with
// what the API reports (amount, metadata) to check that the app believes only matching payments.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  metadata: Record<string, string>;
  confirmation?: { type: string; confirmation_url?: string; confirmation_token?: string; return_url?: string };
  payment_method?: { id: string; type: string; saved: boolean };
  save_payment_method: boolean;
  created_at: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotenceKey: string | null;
  authorization: string | null;
  body: any;
}

export interface FakeYooKassa {
  apiRoot: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, FakePayment>;
  refunds: Map<string, { id: string; payment_id: string; status: string; amount: { value: string; currency: string } }>;
  requests: RecordedRequest[];
  succeed(id: string): FakePayment;
  cancel(id: string): FakePayment;
  /** The next `n` calls answer `status` (e.g. 500, to test retries with the same key). */
  failNext(n: number, status?: number): void;
  /** Later charges with a saved method are declined (canceled) instead of succeeding. */
  declineAutopay(decline: boolean): void;
  close(): Promise<void>;
}

export async function startFakeYooKassa(opts: { shopId?: string; secretKey?: string } = {}): Promise<FakeYooKassa> {
  const shopId = opts.shopId ?? '123456';
  const secretKey = opts.secretKey ?? 'test_secret_key';
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, { id: string; payment_id: string; status: string; amount: { value: string; currency: string } }>();
  const byKey = new Map<string, unknown>();
  const requests: RecordedRequest[] = [];
  let failures: { n: number; status: number } = { n: 0, status: 500 };
  let declineAutopay = false;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, code: string, description: string) =>
    send(res, status, { type: 'error', id: crypto.randomUUID(), code, description });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return error(res, 400, 'invalid_request', 'bad JSON');
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const key = (req.headers['idempotence-key'] as string | undefined) ?? null;
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotenceKey: key,
      authorization: req.headers.authorization ?? null,
      body,
    });
    if (failures.n > 0) {
      failures.n--;
      return error(res, failures.status, 'internal_server_error', 'try again');
    }
    if (req.headers.authorization !== expectedAuth) return error(res, 401, 'invalid_credentials', 'bad shopId or secret key');

    if (req.method === 'POST' && url.pathname === '/v3/payments') {
      if (!key) return error(res, 400, 'invalid_request', 'Idempotence-Key header is required');
      if (byKey.has(key)) return send(res, 200, byKey.get(key));
      if (!body?.amount || !/^\d+\.\d{2}$/.test(String(body.amount.value)) || typeof body.amount.currency !== 'string')
        return error(res, 400, 'invalid_request', 'amount.value must be a string with two decimals');
      const id = `2f${crypto.randomBytes(7).toString('hex')}-000f-5000-9000-${crypto.randomBytes(6).toString('hex')}`;
      const p: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount: { value: body.amount.value, currency: body.amount.currency },
        description: body.description,
        metadata: body.metadata ?? {},
        save_payment_method: body.save_payment_method === true,
        created_at: new Date().toISOString(),
      };
      if (body.payment_method_id) {
        // Autopay: a saved method is charged at once, no confirmation.
        const known = [...payments.values()].some((x) => x.payment_method?.id === body.payment_method_id && x.payment_method?.saved);
        p.payment_method = { id: body.payment_method_id, type: 'bank_card', saved: true };
        if (known && !declineAutopay) {
          p.status = 'succeeded';
          p.paid = true;
        } else p.status = 'canceled';
      } else if (body.confirmation?.type === 'embedded') {
        p.confirmation = { type: 'embedded', confirmation_token: `ct-${id}` };
      } else if (body.confirmation?.type === 'redirect') {
        if (!body.confirmation.return_url) return error(res, 400, 'invalid_request', 'return_url is required');
        p.confirmation = {
          type: 'redirect',
          return_url: body.confirmation.return_url,
          confirmation_url: `http://127.0.0.1/checkout/${id}`,
        };
      } else return error(res, 400, 'invalid_request', 'confirmation is required');
      payments.set(id, p);
      byKey.set(key, p);
      return send(res, 200, p);
    }
    const paymentMatch = /^\/v3\/payments\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && paymentMatch) {
      const p = payments.get(paymentMatch[1]);
      return p ? send(res, 200, p) : error(res, 404, 'not_found', 'payment not found');
    }
    if (req.method === 'POST' && url.pathname === '/v3/refunds') {
      if (!key) return error(res, 400, 'invalid_request', 'Idempotence-Key header is required');
      if (byKey.has(key)) return send(res, 200, byKey.get(key));
      const p = payments.get(body?.payment_id);
      if (p?.status !== 'succeeded') return error(res, 400, 'invalid_request', 'payment cannot be refunded');
      const r = { id: `rf-${crypto.randomBytes(6).toString('hex')}`, payment_id: p.id, status: 'succeeded', amount: body.amount };
      refunds.set(r.id, r);
      byKey.set(key, r);
      return send(res, 200, r);
    }
    const refundMatch = /^\/v3\/refunds\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundMatch) {
      const r = refunds.get(refundMatch[1]);
      return r ? send(res, 200, r) : error(res, 404, 'not_found', 'refund not found');
    }
    return error(res, 404, 'not_found', `${req.method} ${url.pathname}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const get = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`no fake payment ${id}`);
    return p;
  };

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    shopId,
    secretKey,
    payments,
    refunds,
    requests,
    succeed(id) {
      const p = get(id);
      p.status = 'succeeded';
      p.paid = true;
      p.payment_method = { id: `pm-${id}`, type: 'bank_card', saved: p.save_payment_method };
      return p;
    },
    cancel(id) {
      const p = get(id);
      p.status = 'canceled';
      return p;
    },
    failNext(n, status = 500) {
      failures = { n, status };
    },
    declineAutopay(decline) {
      declineAutopay = decline;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Harness options for an app whose payments go to this fake YooKassa (card payments outside Telegram). */
export const yookassaPayments = (fake: FakeYooKassa, publicUrl = 'https://tarot.example.com') => ({
  mockPayments: false,
  payments: {
    provider: 'yookassa' as const,
    publicUrl,
    yookassa: { shopId: fake.shopId, secretKey: fake.secretKey, apiRoot: fake.apiRoot },
  },
});
