// Readings for two: the calls (server: api/routes/pairs.ts), typed by the routes through the API client.
import { call, client, type DataOf } from '../api';

export type PairView = DataOf<(typeof client.pairs)[':id']['$get']>;
export type Invitation = DataOf<typeof client.pairs.$post>;
export type SynastryView = PairView['synastry'];

export const pairKeys = { list: '/api/pairs', pair: (id: number) => `/api/pairs/${id}` } as const;

export const getPairs = () => call(client.pairs.$get());
export const getPair = (id: number) => call(client.pairs[':id'].$get({ param: { id: String(id) } }));
export const createInvitation = () => call(client.pairs.$post());
export const getInvitation = (token: string) => call(client.pairs.invitations[':token'].$get({ param: { token } }));
export const acceptInvitation = (token: string) => call(client.pairs.accept.$post({ json: { token } }));
export const leavePair = (id: number) => call(client.pairs[':id'].$delete({ param: { id: String(id) } }));
export const askPair = (id: number, question: string) =>
  call(client.pairs[':id'].readings.$post({ param: { id: String(id) }, json: { question } }));
