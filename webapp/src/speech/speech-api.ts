// Voice's two calls, outside the typed client: GET /api/readings/:id/speech answers audio (Opus in OGG), and
// POST /api/voice/transcription takes the recording as the raw body. Both carry the launch's authorization.
import { ApiError, authHeaders, networkError } from '../api';

async function failureOf(res: Response): Promise<ApiError> {
  const payload = (await res.json().catch(() => null)) as { error?: string } | null;
  return new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, payload ?? undefined);
}

/** The reading read aloud, as a blob (an <audio> cannot send the Authorization header itself). */
export async function fetchSpeech(readingId: number): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`/api/readings/${readingId}/speech`, { headers: authHeaders(), credentials: 'same-origin' });
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok) throw await failureOf(res);
  return res.blob();
}

/** A recorded question as text. */
export async function transcribe(audio: Blob, durationS: number): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api/voice/transcription?duration=${Math.ceil(durationS)}`, {
      method: 'POST',
      headers: authHeaders({ 'Content-Type': audio.type || 'audio/webm' }),
      credentials: 'same-origin',
      body: audio,
    });
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok) throw await failureOf(res);
  const payload = (await res.json()) as { data: { text: string } };
  return payload.data.text;
}
