// The AI call of a follow-up answer: the shared provider (services/ai-provider.ts: one rate limit, timeout
// and failure mapping for every AI text) with a follow-up's token budget, counted in the `extra` budget.
import type { Db } from '../db/connection';
import type { ChatMessage } from '../domain/reading/prompts';
import { createAiProvider } from './ai-provider';
import type { ServiceDeps } from './deps';

const FOLLOW_UP_MAX_TOKENS = 900;

export type FollowUpAi = ((messages: ChatMessage[], onDelta: (text: string) => void) => Promise<string>) & {
  enabled: boolean;
  /**
   * A provider call slot of the user (429 when the window is full). Given `db`, the transaction that accepts
   * the follow-up, the slot is taken only if the follow-up is.
   */
  takeSlot(userId: number, db?: Db): Promise<void>;
};

export function createFollowUpAi(deps: Pick<ServiceDeps, 'db' | 'clock' | 'ai'>): FollowUpAi {
  const provider = createAiProvider(deps);
  const complete = (messages: ChatMessage[], onDelta: (text: string) => void) =>
    provider.complete(messages, { signal: new AbortController().signal, maxTokens: FOLLOW_UP_MAX_TOKENS, onDelta });
  return Object.assign(complete, {
    enabled: provider.enabled,
    takeSlot: (userId: number, db?: Db) => provider.takeSlot(userId, 'extra', db),
  });
}
