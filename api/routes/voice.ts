// Voice (services/voice.ts), when an AI provider is configured: GET /api/readings/:id/speech (its route in readings.ts) answers the
// reading read aloud (Opus in OGG, the stored speech when there is one), and POST /api/voice/transcription turns
// a recorded question (the raw body, audio/…) into text for the question field. Without a provider both answer
// 404; the app shows neither button then (the status's `voice`).
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../../services';
import { VOICE_QUESTION_MAX_BYTES } from '../../services/voice';
import type { AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { voiceQuestionQuery } from '../schemas';

/** The upload's path: the app's 64 KB body limit does not apply to it (its own, below, does). */
export const VOICE_UPLOAD_PATH = '/api/voice/transcription';

/** GET /api/readings/:id/speech (registered in readings.ts): the audio itself, not the JSON envelope. */
export async function speechAnswer(c: Context<AppEnv>, s: Services, readingId: number) {
  const { audio, cached } = await s.voice.speech(c.var.userId, readingId);
  return c.body(new Uint8Array(audio), 200, {
    'Content-Type': 'audio/ogg; codecs=opus',
    'Content-Length': String(audio.length),
    'Cache-Control': 'private, max-age=3600',
    'X-Speech-Cached': cached ? '1' : '0',
  });
}

export const voiceRoutes = (s: Services) =>
  new Hono<AppEnv>().post(
    '/transcription',
    bodyLimit({
      maxSize: VOICE_QUESTION_MAX_BYTES,
      onError: (c) => fail(c, 413, `audio: запись больше ${VOICE_QUESTION_MAX_BYTES / 1_000_000} МБ — скажите вопрос короче`),
    }),
    validate('query', voiceQuestionQuery),
    async (c) => {
      const mime = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (!mime.startsWith('audio/'))
        return fail(c, 415, 'audio: ожидается звукозапись (Content-Type audio/webm, audio/ogg или audio/mp4)');
      const audio = Buffer.from(await c.req.arrayBuffer());
      return ok(c, await s.voice.transcribe(c.var.userId, audio, { mime, durationS: c.req.valid('query').duration }));
    },
  );
