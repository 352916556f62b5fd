// The AI provider's two screens of a question before any reading: a short classification call with structured
// output (a JSON schema response format: crisis kind, concern, sensitive theme, topic and polarity, each with a
// confidence) and, where the provider offers it, its moderation endpoint (OpenAI's omni-moderation-latest, free).
// Both run in parallel under one short deadline; a call that fails, times out or answers garbage says
// «failed», and the caller then lets the local model decide alone. Plain fetch with the server's key: these are
// small JSON calls, not streamed texts, and must not wait for the SDK to load. Nothing of the question is logged.
import type { CrisisKind } from '../domain/reading/crisis';
import { USER_TEXT_RULE, userTextBlock } from '../domain/reading/user-text';
import { isReasoningModel } from './ai-request';
import type { AiConfig } from './deps';

/** What the classification said, or null when it failed. */
export interface Classification {
  crisis: CrisisKind | null;
  concern: boolean;
}

/** What the moderation endpoint flagged, or null when it failed or is off. */
export interface Moderation {
  crisis: CrisisKind | null;
}

export interface Screen {
  classification: Classification | null;
  moderation: Moderation | null;
}

/** A label counts when the model gives it at least this confidence. */
const MIN_CONFIDENCE = 0.5;

const confident = { type: 'number', description: 'от 0 до 1' } as const;
const labelled = (value: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required: ['value', 'confidence'],
  properties: { value, confidence: confident },
});

/** The structured output's schema (strict: every field required, nothing else allowed). */
export const CLASSIFICATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['crisis', 'concern', 'sensitive', 'topic', 'polarity'],
  properties: {
    crisis: labelled({ type: 'string', enum: ['self_harm', 'violence', 'none'] }),
    concern: labelled({ type: 'boolean' }),
    sensitive: labelled({
      type: 'string',
      enum: ['health', 'pregnancy', 'child_health', 'death', 'legal', 'investment', 'addiction', 'pet_health', 'none'],
    }),
    topic: labelled({ type: 'string', enum: ['love', 'family', 'work', 'study', 'money', 'health', 'self', 'general'] }),
    polarity: labelled({ type: 'string', enum: ['hoped', 'feared', 'neutral'] }),
  },
} as const;

const CLASSIFY_SYSTEM = [
  'Ты классифицируешь вопрос, который человек задаёт боту-тарологу, перед гаданием. Не отвечай на вопрос и не гадай: верни только метки по схеме.',
  'crisis: self_harm — мысли о самоубийстве, нежелание жить, самоповреждение, способы (таблетки, крыша, мост, окно), прощание, «я обуза», свои или близкого;',
  'violence — насилие или угроза в семье и близких отношениях: бьют, толкают, душат, запирают, отбирают телефон, угрожают, трогают ребёнка; none — иначе.',
  'Шутки, гиперболы («до смерти надоело», «убить вечер»), названия карт («Смерть», «Башня»), фильмы и книги — none.',
  'concern: отчаяние без намерения навредить себе («всё бессмысленно», «нет сил ни на что»).',
  'sensitive: тема, где гадание не даёт прогноза (здоровье, беременность, здоровье ребёнка, жизнь и смерть близких, суд, крупные вложения, зависимость, здоровье питомца).',
  'topic и polarity: о чём вопрос и надеется ли человек на событие или опасается его. confidence — твоя уверенность от 0 до 1.',
  USER_TEXT_RULE,
].join(' ');

type Fetch = typeof fetch;

/** Why a screen counted for nothing, for the operator's log (never the question). */
export type ScreenFailure = (layer: 'classification' | 'moderation', reason: string) => void;

const reasonOf = (err: unknown) =>
  (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError'
    ? 'timeout'
    : ((err as Error)?.message ?? 'failed').slice(0, 80);

/** POSTs JSON to the provider and answers the parsed body, or throws. */
async function postJson(ai: AiConfig, path: string, body: unknown, signal: AbortSignal, fetchImpl: Fetch): Promise<any> {
  const res = await fetchImpl(`${ai.baseUrl.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ai.apiKey}` },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

const labelOf = (x: unknown): { value: unknown; confidence: number } | null => {
  if (!x || typeof x !== 'object') return null;
  const { value, confidence } = x as { value?: unknown; confidence?: unknown };
  return typeof confidence === 'number' && Number.isFinite(confidence) ? { value, confidence } : null;
};

/** The classification's labels that matter for the care tiers, from the model's JSON; throws on anything else. */
export function readClassification(content: unknown): Classification {
  if (typeof content !== 'string') throw new Error('no content');
  const parsed = JSON.parse(content) as Record<string, unknown>;
  const crisis = labelOf(parsed?.crisis);
  const concern = labelOf(parsed?.concern);
  if (!crisis || !concern) throw new Error('unexpected labels');
  if (crisis.value !== 'self_harm' && crisis.value !== 'violence' && crisis.value !== 'none') throw new Error('unexpected crisis');
  return {
    crisis: crisis.value !== 'none' && crisis.confidence >= MIN_CONFIDENCE ? crisis.value : null,
    concern: concern.value === true && concern.confidence >= MIN_CONFIDENCE,
  };
}

async function classify(ai: AiConfig, text: string, signal: AbortSignal, fetchImpl: Fetch): Promise<Classification> {
  const limit = isReasoningModel(ai.model)
    ? { max_completion_tokens: 300, ...(ai.reasoningEffort ? { reasoning_effort: ai.reasoningEffort } : {}) }
    : { max_tokens: 300, temperature: 0 };
  const body = await postJson(
    ai,
    '/chat/completions',
    {
      model: ai.model,
      messages: [
        { role: 'system', content: CLASSIFY_SYSTEM },
        { role: 'user', content: userTextBlock('ВОПРОС', text) },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'question_labels', strict: true, schema: CLASSIFICATION_SCHEMA } },
      ...limit,
    },
    signal,
    fetchImpl,
  );
  return readClassification(body?.choices?.[0]?.message?.content);
}

/** Moderation categories that make a crisis: self-harm in any form first, then violence. */
const SELF_HARM_CATEGORIES = ['self-harm', 'self-harm/intent', 'self-harm/instructions'];

async function moderate(ai: AiConfig, text: string, signal: AbortSignal, fetchImpl: Fetch): Promise<Moderation> {
  const body = await postJson(ai, '/moderations', { model: 'omni-moderation-latest', input: text }, signal, fetchImpl);
  const categories = body?.results?.[0]?.categories;
  if (!categories || typeof categories !== 'object') throw new Error('unexpected moderation');
  if (SELF_HARM_CATEGORIES.some((c) => categories[c] === true)) return { crisis: 'self_harm' };
  return { crisis: categories.violence === true ? 'violence' : null };
}

/** The default deadline of both screens together. */
export const SCREEN_TIMEOUT_MS = 4000;

/**
 * Both screens of `text`, in parallel under one deadline. A layer that fails, times out or answers garbage is
 * null; moderation is null without asking when it is off (`ai.moderation` false).
 */
export async function screenQuestion(ai: AiConfig, text: string, failed?: ScreenFailure, fetchImpl: Fetch = fetch): Promise<Screen> {
  const signal = AbortSignal.timeout(ai.screenTimeoutMs ?? SCREEN_TIMEOUT_MS);
  const orNull = <T>(layer: 'classification' | 'moderation', call: Promise<T>) =>
    call.catch((err: unknown) => {
      failed?.(layer, reasonOf(err));
      return null;
    });
  const [classification, moderation] = await Promise.all([
    orNull('classification', classify(ai, text, signal, fetchImpl)),
    ai.moderation ? orNull('moderation', moderate(ai, text, signal, fetchImpl)) : Promise.resolve(null),
  ]);
  return { classification, moderation };
}
