// Narrowing for a checkout's answer, which the route types as a union: an order, or the micro pack's
// «already purchased», which made none.

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
