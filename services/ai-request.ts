// The body of one streamed chat-completions request for the configured model. OpenAI's reasoning families (o1
// to o4, gpt-5 and later, so the default gpt-6-luna) refuse `max_tokens` and sampling settings such as
// `temperature`: they take `max_completion_tokens` and a reasoning effort, `none` by default (no hidden
// reasoning before the first word: the text starts at once and the whole token budget is text). Other models,
// and OpenAI-compatible providers serving them, get `max_tokens` and `temperature` as before. Every stream asks
// for its token usage (`stream_options.include_usage`: a last chunk with `usage`), the dashboard's real cost.
import type { ChatMessage } from '../domain/reading/prompts';
import type { AiConfig } from './deps';

/** o1…o9 and gpt-5 or later, with or without a provider prefix («openai/gpt-6-luna»). */
export const isReasoningModel = (model: string) => /^(o\d|gpt-([5-9]|\d{2,}))/i.test(model.slice(model.lastIndexOf('/') + 1));

export function chatRequest(ai: Pick<AiConfig, 'model' | 'temperature' | 'reasoningEffort'>, messages: ChatMessage[], maxTokens: number) {
  const base = { model: ai.model, messages, stream: true as const, stream_options: { include_usage: true } };
  if (!isReasoningModel(ai.model)) return { ...base, max_tokens: maxTokens, temperature: ai.temperature };
  return { ...base, max_completion_tokens: maxTokens, ...(ai.reasoningEffort ? { reasoning_effort: ai.reasoningEffort } : {}) };
}
