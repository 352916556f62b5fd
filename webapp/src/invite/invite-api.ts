// Friends who bring friends: the personal link and the count of friends (server: api/routes/referrals.ts).
import { call, client, type DataOf } from '../api';

export type InviteView = DataOf<typeof client.referrals.$get>;
export const inviteKey = '/api/referrals';
export const getInvite = () => call(client.referrals.$get());
