// «Свои расклады»: the calls (server: api/routes/my-spreads.ts), typed by the routes through the API client.
import type { CustomPosition } from '../../../domain/tarot/custom-spreads';
import { call, client, type DataOf } from '../api';

export type MySpreads = DataOf<(typeof client)['my-spreads']['$get']>;
export type MySpread = MySpreads['spreads'][number];
export type Design = { name: string; positions: CustomPosition[] };

export const spreadKeys = { list: '/api/my-spreads', shared: (t: string) => `/api/my-spreads/shared/${t}` } as const;
const api = client['my-spreads'];

export const getMySpreads = () => call(api.$get());
export const createSpread = (d: Design) => call(api.$post({ json: d }));
export const updateSpread = (id: number, d: Design) => call(api[':id'].$put({ param: { id: String(id) }, json: d }));
export const deleteSpread = (id: number) => call(api[':id'].$delete({ param: { id: String(id) } }));
export const shareSpread = (id: number) => call(api[':id'].share.$post({ param: { id: String(id) } }));
export const getShared = (token: string) => call(api.shared[':token'].$get({ param: { token } }));
export const copyShared = (token: string) => call(api.shared[':token'].copy.$post({ param: { token } }));
export const dealSpread = (id: number, question: string, personId: number | null) =>
  call(api[':id'].readings.$post({ param: { id: String(id) }, json: { question, ...(personId ? { personId } : {}) } }));
