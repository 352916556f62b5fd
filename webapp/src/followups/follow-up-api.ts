// «Уточнить»: the calls (server: api/routes/follow-ups.ts), typed by the routes. Asking streams the answer
// (Server-Sent Events read from the typed call's body: the card first, then the text).
import { ApiError, call, client, createSseParser, networkError, UNKNOWN_ERROR, type DataOf } from '../api';

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

/** Ask for the answer as a stream. */
const STREAM = { headers: { Accept: 'text/event-stream' } };

async function streamPost(request: () => Promise<unknown>, h: FollowUpHandlers): Promise<void> {
  let res: Response;
  try {
    res = (await request()) as Response;
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
    let json: { followUp?: FollowUpView; allowance?: FollowUpAllowance; text?: unknown; message?: string } = {};
    try {
      json = data ? JSON.parse(data) : {};
    } catch {
      return;
    }
    if (event === 'card' && json.followUp && json.allowance) h.onCard(json.followUp, json.allowance);
    else if (event === 'delta' && typeof json.text === 'string') h.onDelta(json.text);
    else if (event === 'reset') h.onReset();
    else if (event === 'done') {
      finished = true;
      if (json.followUp) h.onDone(json.followUp);
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

export const askFollowUp = (readingId: number, question: string, h: FollowUpHandlers) =>
  streamPost(() => client.readings[':id']['follow-ups'].$post({ param: { id: String(readingId) }, json: { question } }, STREAM), h);
export const retryFollowUp = (readingId: number, id: number, h: FollowUpHandlers) =>
  streamPost(() => client.readings[':id']['follow-ups'][':fid'].retry.$post({ param: { id: String(readingId), fid: String(id) } }, STREAM), h);
