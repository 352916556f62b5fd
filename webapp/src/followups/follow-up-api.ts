// «Уточнить»: the calls (server: api/routes/follow-ups.ts), typed by the routes. Asking streams the answer
// (Server-Sent Events read from the typed call's body: the card first, then the text).
import { call, client, STREAM, streamedCall, type DataOf } from '../api';

type FollowUpList = DataOf<typeof client.readings[':id']['follow-ups']['$get']>;
export type FollowUpView = FollowUpList['followUps'][number];
export type FollowUpAllowance = FollowUpList['allowance'];

export interface FollowUpHandlers {
  onCard(f: FollowUpView, allowance: FollowUpAllowance): void;
  onDelta(text: string): void;
  /** The AI stopped mid-way: what was shown is replaced by what follows. */
  onReset(): void;
  onDone(f: FollowUpView): void;
}

export const listFollowUps = (readingId: number) => call(client.readings[':id']['follow-ups'].$get({ param: { id: String(readingId) } }));

const streamPost = (request: () => Promise<unknown>, h: FollowUpHandlers) =>
  streamedCall(
    request,
    (event, json) => {
      if (event === 'card' && json.followUp && json.allowance) h.onCard(json.followUp as FollowUpView, json.allowance as FollowUpAllowance);
      else if (event === 'delta' && typeof json.text === 'string') h.onDelta(json.text);
      else if (event === 'reset') h.onReset();
      else if (event === 'done') {
        if (json.followUp) h.onDone(json.followUp as FollowUpView);
        return true;
      }
    },
    'Соединение прервалось до конца ответа',
  );

export const askFollowUp = (readingId: number, question: string, h: FollowUpHandlers) =>
  streamPost(() => client.readings[':id']['follow-ups'].$post({ param: { id: String(readingId) }, json: { question } }, STREAM), h);
export const retryFollowUp = (readingId: number, id: number, h: FollowUpHandlers) =>
  streamPost(() => client.readings[':id']['follow-ups'][':fid'].retry.$post({ param: { id: String(readingId), fid: String(id) } }, STREAM), h);
