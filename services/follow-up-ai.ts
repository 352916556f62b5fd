// The AI call of a follow-up answer, kept in one small function so it can be re-pointed at the shared
// provider of services/interpretation.ts later. Same provider settings and failure texts as the readings'.
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatMessage } from '../domain/prompts';
import { AI_ERRORS, backendApiError, type AiConfig } from './interpretation';

/** Why no AI text was produced (the spec's error texts). */
export class FollowUpAiFailure extends Error {}

const FOLLOW_UP_MAX_TOKENS = 900;

export type FollowUpAi = ((messages: ChatMessage[], onDelta: (text: string) => void) => Promise<string>) & { enabled: boolean };

export function createFollowUpAi(ai: AiConfig | undefined): FollowUpAi {
  const client = ai?.apiKey ? new OpenAI({ apiKey: ai.apiKey, baseURL: ai.baseUrl, timeout: ai.timeoutMs, maxRetries: 0, logLevel: 'off' }) : null;

  const complete = async (messages: ChatMessage[], onDelta: (text: string) => void): Promise<string> => {
    if (!client || !ai) throw new FollowUpAiFailure(AI_ERRORS.notInitialized);
    // The SDK's timeout ends when the headers arrive; a provider that stalls mid-stream needs our own.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), ai.timeoutMs);
    let text = '';
    try {
      const stream = await client.chat.completions.create(
        { model: ai.model, messages, max_tokens: Math.min(ai.maxTokens, FOLLOW_UP_MAX_TOKENS), temperature: ai.temperature, stream: true },
        { signal: deadline.signal },
      );
      for await (const chunk of stream) {
        const piece: unknown = chunk?.choices?.[0]?.delta?.content;
        if (piece === undefined || piece === null || piece === '') continue;
        if (typeof piece !== 'string') throw new FollowUpAiFailure(AI_ERRORS.unexpectedFormat);
        text += piece;
        onDelta(piece);
      }
      if (deadline.signal.aborted) throw new FollowUpAiFailure(AI_ERRORS.timeout);
    } catch (err) {
      if (err instanceof FollowUpAiFailure) throw err;
      if (deadline.signal.aborted || err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) throw new FollowUpAiFailure(AI_ERRORS.timeout);
      if (err instanceof APIError && typeof err.status === 'number') throw new FollowUpAiFailure(backendApiError(err.status));
      throw new FollowUpAiFailure((err as Error)?.message || AI_ERRORS.unknown);
    } finally {
      clearTimeout(timer);
    }
    if (!text.trim()) throw new FollowUpAiFailure(AI_ERRORS.empty);
    if (!/\p{L}/u.test(text)) throw new FollowUpAiFailure(AI_ERRORS.unexpectedFormat);
    return text;
  };
  return Object.assign(complete, { enabled: client !== null });
}
