// Voice, when an AI provider is configured: a reading read aloud (the provider's text-to-speech, Opus in OGG,
// kept per reading so a second tap costs nothing) and a spoken question (the provider's transcription). The
// speech is limited per day by plan, counted atomically before the provider is called and given back when it
// fails; a question spoken is only transcribed here: the caller shows it for confirmation, and it is then
// checked by the question model like typed text when the reading is asked.
import crypto from 'node:crypto';
import { giveBackLimitSlot, takeLimitSlot } from '../db/repositories/rate-limits';
import { findSpeech, saveSpeech } from '../db/repositories/speech';
import { READ_ALOUD_PER_DAY } from '../domain/commerce/catalogue';
import { entitlementOf } from '../domain/commerce/entitlement';
import { readingSpeechText } from '../domain/reading/speech-text';
import { spreadLabel } from '../domain/tarot/spreads';
import { formatDurationWords } from '../domain/text/time';
import { readableReading } from './archive-rule';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import type { UserService } from './users';

/** Spoken questions transcribed per 24 hours, any plan (each is a paid provider call). */
export const QUESTIONS_PER_DAY = 30;
/** The longest spoken question and its largest file (a minute of Opus is about 100–500 KB). */
export const VOICE_QUESTION_MAX_S = 60;
export const VOICE_QUESTION_MAX_BYTES = 1_000_000;

export const DEFAULT_SPEECH_MODEL = 'gpt-4o-mini-tts-2025-12-15';
export const DEFAULT_SPEECH_VOICE = 'marin';
export const DEFAULT_TRANSCRIPTION_MODEL = 'gpt-transcribe';
/** How the reader sounds (models that take instructions; the others ignore it). */
const SPEECH_INSTRUCTIONS =
  'Говори по-русски спокойным, тёплым и неторопливым голосом, как внимательный таролог; делай короткие паузы между абзацами.';
const SPEECH_TIMEOUT_MS = 90_000;
const TRANSCRIPTION_TIMEOUT_MS = 30_000;
const DAY_S = 86_400;

export const PROVIDER_DOWN_SPEECH = 'Озвучка сейчас недоступна: сервис ИИ не ответил. Попробуйте чуть позже — эта попытка не засчитана.';
export const PROVIDER_DOWN_QUESTION =
  'Не удалось распознать голос: сервис ИИ не ответил. Попробуйте ещё раз чуть позже или напишите вопрос текстом.';
export const NOTHING_HEARD = 'Не удалось разобрать вопрос в записи. Скажите его ещё раз или напишите текстом.';

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/** A provider call that failed (any reason): the caller answers with its Russian line. */
class ProviderDown extends Error {}

export function createVoiceService(deps: ServiceDeps, users: Pick<UserService, 'requireUser'>) {
  const ai = deps.ai;
  const enabled = !!ai?.apiKey;
  const speechModel = ai?.speechModel ?? DEFAULT_SPEECH_MODEL;
  const speechVoice = ai?.speechVoice ?? DEFAULT_SPEECH_VOICE;
  const transcriptionModel = ai?.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL;
  /** One provider call per reading at a time in this process: a double tap waits for the first. */
  const speaking = new Map<number, Promise<Buffer>>();

  async function provider(path: string, init: RequestInit, timeoutMs: number): Promise<Response> {
    try {
      const res = await fetch(`${ai!.baseUrl.replace(/\/+$/, '')}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${ai!.apiKey}`, ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new ProviderDown(`status ${res.status}`);
      return res;
    } catch (err) {
      throw err instanceof ProviderDown ? err : new ProviderDown((err as Error)?.message ?? 'network');
    }
  }

  async function synthesize(text: string): Promise<Buffer> {
    const res = await provider(
      '/audio/speech',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: speechModel,
          voice: speechVoice,
          input: text,
          instructions: SPEECH_INSTRUCTIONS,
          response_format: 'opus',
        }),
      },
      SPEECH_TIMEOUT_MS,
    );
    const audio = Buffer.from(await res.arrayBuffer());
    // Opus in OGG, or nothing: Telegram plays only that as a voice note.
    if (audio.subarray(0, 4).toString('latin1') !== 'OggS') throw new ProviderDown('not an OGG file');
    return audio;
  }

  async function takeOrRefuse(userId: number, name: string, limit: number, message: string): Promise<void> {
    const wait = await takeLimitSlot(deps.db, { name, userId }, deps.clock(), limit, DAY_S);
    if (wait !== null)
      throw new ServiceError('limit_reached', `${message} Попробуйте через ${formatDurationWords(wait * 1000)}.`, {
        retryAfterSeconds: wait,
      });
  }

  // Without a provider voice does not exist (404, not a 5xx: nothing is down).
  const off = () => new ServiceError('not_found', 'Голосовые функции работают, только когда подключён ИИ-толкователь.');

  return {
    /** Whether the buttons appear at all (an AI provider is configured). */
    enabled,

    /**
     * The reading's speech (Opus in OGG): the stored one when its text is unchanged, else the provider's, counted
     * against the day's limit of the user's plan (given back when the provider fails). 404 for others' readings.
     */
    async speech(userId: number, readingId: number): Promise<{ audio: Buffer; cached: boolean }> {
      if (!enabled) throw off();
      const r = await readableReading(deps, userId, readingId);
      if (!r.interpretation || r.status === 'dealt')
        throw new ServiceError('conflict', 'Толкование ещё не готово: озвучить можно, когда оно появится.');
      const text = readingSpeechText({
        spreadName: spreadLabel(r.spread_type),
        question: r.question,
        interpretation: r.interpretation,
      });
      const textHash = hashOf(`${speechModel}\n${speechVoice}\n${text}`);
      const stored = await findSpeech(deps.db, readingId);
      if (stored?.textHash === textHash) return { audio: stored.audio, cached: true };
      const running = speaking.get(readingId);
      if (running) return { audio: await running, cached: true };

      const user = await users.requireUser(userId);
      const e = entitlementOf(user, deps.clock(), deps.specialAccessUserIds);
      // The limits the terms and the tariffs page state (domain/commerce/catalogue.ts).
      const limit = READ_ALOUD_PER_DAY[e.special ? 'vip' : e.tier];
      await takeOrRefuse(userId, 'voice:speech', limit, `Озвучка на вашем тарифе — ${limit} раз в сутки.`);
      const call = synthesize(text);
      speaking.set(readingId, call);
      try {
        const audio = await call;
        await saveSpeech(deps.db, { readingId, textHash, model: speechModel, voice: speechVoice, audio });
        return { audio, cached: false };
      } catch (err) {
        await giveBackLimitSlot(deps.db, { name: 'voice:speech', userId });
        if (err instanceof ProviderDown) {
          deps.warn?.({ readingId, err: err.message }, 'speech: the provider failed');
          throw new ServiceError('unavailable', PROVIDER_DOWN_SPEECH);
        }
        throw err;
      } finally {
        speaking.delete(readingId);
      }
    },

    /**
     * A spoken question as text (not checked here: the caller shows it for confirmation, and the reading's
     * creation checks it like typed text). `durationS` when the client knows it (Telegram does).
     */
    async transcribe(userId: number, audio: Buffer, o: { mime: string; durationS?: number }): Promise<{ text: string }> {
      if (!enabled) throw off();
      if (audio.length === 0) throw new ServiceError('bad_input', 'audio: запись пустая');
      if (audio.length > VOICE_QUESTION_MAX_BYTES)
        throw new ServiceError('bad_input', `audio: запись больше ${VOICE_QUESTION_MAX_BYTES / 1_000_000} МБ — скажите вопрос короче`);
      if (o.durationS !== undefined && o.durationS > VOICE_QUESTION_MAX_S)
        throw new ServiceError('bad_input', `duration: голосовой вопрос — не длиннее ${VOICE_QUESTION_MAX_S} секунд`);
      await takeOrRefuse(userId, 'voice:question', QUESTIONS_PER_DAY, `Голосовых вопросов — не больше ${QUESTIONS_PER_DAY} в сутки.`);
      const ext = /webm/.test(o.mime) ? 'webm' : /mp4|m4a|aac/.test(o.mime) ? 'm4a' : 'ogg';
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio)], { type: o.mime || 'audio/ogg' }), `question.${ext}`);
      form.append('model', transcriptionModel);
      form.append('language', 'ru');
      form.append('response_format', 'json');
      let text: unknown;
      try {
        const res = await provider('/audio/transcriptions', { method: 'POST', body: form }, TRANSCRIPTION_TIMEOUT_MS);
        text = ((await res.json().catch(() => null)) as { text?: unknown } | null)?.text;
        if (typeof text !== 'string') throw new ProviderDown('no text');
      } catch (err) {
        await giveBackLimitSlot(deps.db, { name: 'voice:question', userId });
        if (err instanceof ProviderDown) {
          deps.warn?.({ err: err.message }, 'transcription: the provider failed');
          throw new ServiceError('unavailable', PROVIDER_DOWN_QUESTION);
        }
        throw err;
      }
      const question = text.replace(/\s+/g, ' ').trim();
      if (!/\p{L}/u.test(question))
        throw new ServiceError('bad_input', `audio: ${NOTHING_HEARD[0].toLowerCase()}${NOTHING_HEARD.slice(1)}`);
      return { text: question };
    },
  };
}
