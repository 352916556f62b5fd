// «Второе мнение»: the calls (server: api/routes/second-opinions.ts), typed by the routes. Asking streams the
// text (Server-Sent Events read from the typed call's body: the opinion first, then the text).
import { call, client, STREAM, streamedCall, type DataOf } from '../api';

type OpinionList = DataOf<typeof client.readings[':id']['second-opinions']['$get']>;
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

export const listSecondOpinions = (readingId: number) => call(client.readings[':id']['second-opinions'].$get({ param: { id: String(readingId) } }));

export const askSecondOpinion = (readingId: number, voice: VoiceId, h: OpinionHandlers) =>
  streamedCall(
    () => client.readings[':id']['second-opinion'].$post({ param: { id: String(readingId) }, json: { voice } }, STREAM),
    (event, json) => {
      if (event === 'opinion' && json.secondOpinion && json.allowance) h.onOpinion(json.secondOpinion as SecondOpinionView, json.allowance as SecondOpinionAllowance);
      else if (event === 'delta' && typeof json.text === 'string') h.onDelta(json.text);
      else if (event === 'reset') h.onReset();
      else if (event === 'done') {
        if (json.secondOpinion) h.onDone(json.secondOpinion as SecondOpinionView);
        return true;
      }
    },
    'Соединение прервалось до конца ответа',
  );
