// «Уточнить»: the calls. Asking streams the answer (SSE read with fetch: the card first, then the text).
import { ApiError, api, authHeaders, createSseParser, OFFLINE_ERROR, UNKNOWN_ERROR } from '../api';
import type { FollowUpAllowance, FollowUpView } from '../../../services/follow-ups';

export type { FollowUpAllowance, FollowUpView } from '../../../services/follow-ups';

export interface FollowUpHandlers {
  onCard(f: FollowUpView, allowance: FollowUpAllowance): void;
  onDelta(text: string): void;
  /** The AI stopped mid-way: what was shown is replaced by what follows. */
  onReset(): void;
  onDone(f: FollowUpView): void;
}

export const listFollowUps = (readingId: number) => api<{ followUps: FollowUpView[]; allowance: FollowUpAllowance }>(`/api/readings/${readingId}/follow-ups`);

async function streamPost(url: string, body: unknown, h: FollowUpHandlers): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: authHeaders({ Accept: 'text/event-stream', 'Content-Type': 'application/json' }),
      body: JSON.stringify(body ?? {}),
    });
  } catch (err) {
    throw new ApiError(0, navigator.onLine === false ? OFFLINE_ERROR : (err as Error)?.message || UNKNOWN_ERROR);
  }
  if (!res.ok || !(res.headers.get('Content-Type') ?? '').includes('text/event-stream') || !res.body) {
    const payload = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, (payload ?? undefined) as Record<string, unknown> | undefined);
  }
  let finished = false;
  let failure: ApiError | null = null;
  const parse = createSseParser((event, data) => {
    let json: any = {};
    try {
      json = data ? JSON.parse(data) : {};
    } catch {
      return;
    }
    if (event === 'card') h.onCard(json.followUp, json.allowance);
    else if (event === 'delta' && typeof json.text === 'string') h.onDelta(json.text);
    else if (event === 'reset') h.onReset();
    else if (event === 'done') {
      finished = true;
      h.onDone(json.followUp);
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

export const askFollowUp = (readingId: number, question: string, h: FollowUpHandlers) => streamPost(`/api/readings/${readingId}/follow-ups`, { question }, h);
export const retryFollowUp = (readingId: number, id: number, h: FollowUpHandlers) => streamPost(`/api/readings/${readingId}/follow-ups/${id}/retry`, {}, h);
