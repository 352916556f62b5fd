// «Второе мнение»: the calls (server: api/routes/readings.ts), typed by the routes. Asking streams the
// text (Server-Sent Events typed by the route's events, read by stream.ts: the opinion first, then the text).
import { call, client, type DataOf } from '../api';
import { STREAM, streamSecondOpinion } from '../stream';

type OpinionList = DataOf<(typeof client.readings)[':id']['second-opinions']['$get']>;
export type SecondOpinionView = OpinionList['secondOpinions'][number];
export type SecondOpinionAllowance = OpinionList['allowance'];
export type VoiceId = SecondOpinionView['voice'];

export interface OpinionHandlers {
  onOpinion(o: SecondOpinionView, allowance: { limit: number; used: number; remaining: number }): void;
  onDelta(text: string): void;
  /** The AI stopped mid-way: what was shown is replaced by what follows. */
  onReset(): void;
  onDone(o: SecondOpinionView): void;
}

export const listSecondOpinions = (readingId: number) =>
  call(client.readings[':id']['second-opinions'].$get({ param: { id: String(readingId) } }));

export const askSecondOpinion = (readingId: number, voice: VoiceId, h: OpinionHandlers) =>
  streamSecondOpinion(() => client.readings[':id']['second-opinion'].$post({ param: { id: String(readingId) }, json: { voice } }, STREAM), {
    opinion: (d) => h.onOpinion(d.secondOpinion, d.allowance),
    delta: (d) => h.onDelta(d.text),
    reset: () => h.onReset(),
    done: (d) => h.onDone(d.secondOpinion),
  });
