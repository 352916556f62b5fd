// The share picture as a file, for the browser's download (inside Telegram the picture is shared, not saved).
import { ApiError, authHeaders } from '../api';

/** The story-sized picture of a reading, with or without its question. */
export async function storyPicture(readingId: number, withQuestion: boolean): Promise<Blob> {
  const res = await fetch(`/api/readings/${readingId}/image?format=story&question=${withQuestion ? 1 : 0}`, { headers: authHeaders() });
  // Refused (too many pictures at once: 429 with the server's Russian message), or failed.
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, body?.error ?? `Не удалось получить картинку (HTTP ${res.status})`);
  }
  return res.blob();
}
