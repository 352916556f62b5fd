// Narrowing for the answers whose route types leave them open: a checkout's union (an order, or «already
// bought» with none), and the JSON answers of routes that may stream instead, whose declared output the
// stream's plain Response swallows.
import type { BodyWith } from './route-types';

/** An answer of the harness's `call` whose success `data` is T. */
type Answer<T> = { status: number; headers: Headers; body: BodyWith<T> };

/** The same answer, its `data` read as T (from the types the route's stream events declare: api/streams.ts). */
export const answerAs = <T>(r: { status: number; headers: Headers; body: unknown }) => r as Answer<T>;

/** A checkout's `data` that made an order: not the micro pack's «already purchased», which carries none. */
export function madeOrder<D extends object>(data: D): Exclude<D, { alreadyPurchased: boolean }> {
  if ('alreadyPurchased' in data) throw new Error(`the checkout made no order: ${JSON.stringify(data)}`);
  return data as Exclude<D, { alreadyPurchased: boolean }>;
}

/** The same checkout answer, its `data` an order (as madeOrder); a refusal, with no `data`, passes as it is. */
export function withOrder<R extends { body: { data: object } }>(r: R) {
  if (r.body?.data) madeOrder(r.body.data);
  return r as R & { body: { data: Exclude<R['body']['data'], { alreadyPurchased: boolean }> } };
}
