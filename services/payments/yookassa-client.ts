// YooKassa's REST API (v3): create a payment with an Idempotence-Key, read a payment back, refund. HTTP
// Basic with shopId:secretKey. A 5xx or network error is retried with the same key, as YooKassa asks.
import * as z from 'zod';
import { ServiceError } from '../errors';
import type { YooKassaSettings } from './types';

const amountSchema = z.object({ value: z.string(), currency: z.string() });

export const yooPaymentSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  paid: z.boolean().optional(),
  amount: amountSchema,
  metadata: z.record(z.string(), z.unknown()).optional().nullable(),
  confirmation: z
    .object({ type: z.string(), confirmation_url: z.string().optional(), confirmation_token: z.string().optional() })
    .passthrough()
    .optional()
    .nullable(),
  payment_method: z
    .object({ id: z.string(), saved: z.boolean().optional(), type: z.string().optional() })
    .passthrough()
    .optional()
    .nullable(),
  created_at: z.string().optional(),
});
export type YooPayment = z.infer<typeof yooPaymentSchema>;

export const yooRefundSchema = z.object({ id: z.string(), payment_id: z.string(), status: z.string(), amount: amountSchema });
export type YooRefund = z.infer<typeof yooRefundSchema>;

export interface CreatePaymentBody {
  amount: { value: string; currency: string };
  capture: boolean;
  description?: string;
  metadata?: Record<string, string>;
  confirmation?: { type: 'redirect'; return_url: string } | { type: 'embedded' };
  save_payment_method?: boolean;
  payment_method_id?: string;
}

export class YooKassaError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function createYooKassaClient(
  s: YooKassaSettings,
  fetchFn: typeof fetch = fetch,
  opts: { timeoutMs?: number; retries?: number } = {},
) {
  const auth = `Basic ${Buffer.from(`${s.shopId}:${s.secretKey}`).toString('base64')}`;
  const root = s.apiRoot.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const retries = opts.retries ?? 2;

  async function request(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<unknown> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      let res: Response;
      try {
        res = await fetchFn(`${root}${path}`, {
          method,
          headers: {
            Authorization: auth,
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...(idempotenceKey ? { 'Idempotence-Key': idempotenceKey } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        lastError = err;
        continue; // network error: the same Idempotence-Key makes the retry safe
      }
      const text = await res.text();
      if (res.status >= 500) {
        lastError = new YooKassaError(`YooKassa ${res.status}`, res.status);
        continue;
      }
      if (!res.ok) {
        let description = text.slice(0, 200);
        try {
          description = (JSON.parse(text) as { description?: string }).description ?? description;
        } catch {
          /* not JSON */
        }
        throw new YooKassaError(`YooKassa ${res.status}: ${description}`, res.status);
      }
      try {
        return JSON.parse(text);
      } catch {
        throw new YooKassaError('YooKassa answered with something that is not JSON', 502);
      }
    }
    throw lastError instanceof YooKassaError
      ? lastError
      : new YooKassaError(`YooKassa unreachable: ${(lastError as Error)?.message ?? lastError}`, 503);
  }

  function parse<T>(schema: z.ZodType<T>, data: unknown): T {
    const r = schema.safeParse(data);
    if (!r.success) throw new YooKassaError('YooKassa answered in an unexpected shape', 502);
    return r.data;
  }

  return {
    async createPayment(body: CreatePaymentBody, idempotenceKey: string): Promise<YooPayment> {
      return parse(yooPaymentSchema, await request('POST', '/v3/payments', body, idempotenceKey));
    },
    async getPayment(id: string): Promise<YooPayment> {
      if (!/^[\w-]{1,100}$/.test(id)) throw new YooKassaError('bad payment id', 400);
      return parse(yooPaymentSchema, await request('GET', `/v3/payments/${encodeURIComponent(id)}`));
    },
    async createRefund(paymentId: string, amount: { value: string; currency: string }, idempotenceKey: string): Promise<YooRefund> {
      return parse(yooRefundSchema, await request('POST', '/v3/refunds', { payment_id: paymentId, amount }, idempotenceKey));
    },
    async getRefund(id: string): Promise<YooRefund> {
      if (!/^[\w-]{1,100}$/.test(id)) throw new YooKassaError('bad refund id', 400);
      return parse(yooRefundSchema, await request('GET', `/v3/refunds/${encodeURIComponent(id)}`));
    },
  };
}

export type YooKassaClient = ReturnType<typeof createYooKassaClient>;

/** An outside failure as the service error the API answers 502/503 for. */
export function yooUnavailable(): ServiceError {
  return new ServiceError('unavailable', 'Платёжный сервис временно недоступен, попробуйте через минуту', { provider: 'yookassa' });
}
