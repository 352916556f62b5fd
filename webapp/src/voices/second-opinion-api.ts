// «Второе мнение»: the calls (server: api/routes/second-opinions.ts), typed by the routes. Asking streams the
// text (Server-Sent Events read from the typed call's body: the opinion first, then the text).
import { ApiError, call, client, createSseParser, networkError, UNKNOWN_ERROR, type DataOf } from '../api';

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

export async function askSecondOpinion(readingId: number, voice: VoiceId, h: OpinionHandlers): Promise<void> {
  let res: Response;
  try {
    res = (await client.readings[':id']['second-opinion'].$post({ param: { id: String(readingId) }, json: { voice } }, { headers: { Accept: 'text/event-stream' } })) as Response;
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok || !(res.headers.get('Content-Type') ?? '').includes('text/event-stream') || !res.body) {
    const payload = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, (payload ?? undefined) as Record<string, unknown> | undefined);
  }
  let finished = false;
  let failure: ApiError | null = null;
  const parse = createSseParser((event, data) => {
    let json: { secondOpinion?: SecondOpinionView; allowance?: { limit: number; used: number; remaining: number }; text?: unknown; message?: string } = {};
    try {
      json = data ? JSON.parse(data) : {};
    } catch {
      return;
    }
    if (event === 'opinion' && json.secondOpinion && json.allowance) h.onOpinion(json.secondOpinion, json.allowance);
    else if (event === 'delta' && typeof json.text === 'string') h.onDelta(json.text);
    else if (event === 'reset') h.onReset();
    else if (event === 'done') {
      finished = true;
      if (json.secondOpinion) h.onDone(json.secondOpinion);
    } else if (event === 'error') failure = new ApiError(502, json.message || UNKNOWN_ERROR);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parse(value);
      if (failure || finished) break;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  if (failure) throw failure;
  if (!finished) throw new ApiError(0, 'Соединение прервалось до конца ответа');
}
