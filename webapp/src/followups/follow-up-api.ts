// «Уточнить»: the calls (server: api/routes/readings.ts), typed by the routes. Asking streams the answer
// (Server-Sent Events typed by the route's events, read by stream.ts: the card first, then the text).
import { call, client, type DataOf } from '../api';
import { STREAM, streamFollowUp } from '../stream';

type FollowUpList = DataOf<(typeof client.readings)[':id']['follow-ups']['$get']>;
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
  streamFollowUp(request, {
    card: (d) => h.onCard(d.followUp, d.allowance),
    delta: (d) => h.onDelta(d.text),
    reset: () => h.onReset(),
    done: (d) => h.onDone(d.followUp),
  });

export const askFollowUp = (readingId: number, question: string, h: FollowUpHandlers) =>
  streamPost(() => client.readings[':id']['follow-ups'].$post({ param: { id: String(readingId) }, json: { question } }, STREAM), h);
export const retryFollowUp = (readingId: number, id: number, h: FollowUpHandlers) =>
  streamPost(
    () => client.readings[':id']['follow-ups'][':fid'].retry.$post({ param: { id: String(readingId), fid: String(id) } }, STREAM),
    h,
  );
