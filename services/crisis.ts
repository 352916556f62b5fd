// A text that speaks of suicide, self-harm or violence at home is answered with help lines, not cards: the
// use case refuses it before anything is charged, dealt or sent to the AI. The entry points show the answer
// (the API as 422 with `crisis`, the bot as a message) and log only that it happened, never the text.
import { crisisAnswer, detectCrisis, type CrisisAnswer } from '../domain/crisis';
import { ServiceError } from './errors';

/** Throws the crisis answer when any of the texts speaks of a crisis. */
export function refuseCrisis(...texts: readonly string[]): void {
  for (const text of texts) {
    const kind = detectCrisis(text);
    if (kind) {
      const answer = crisisAnswer(kind);
      throw new ServiceError('crisis', answer.message, { crisis: answer });
    }
  }
}

/** The crisis answer a ServiceError carries, if it is one. */
export function crisisOf(err: unknown): CrisisAnswer | null {
  return err instanceof ServiceError && err.code === 'crisis' ? ((err.details?.crisis as CrisisAnswer | undefined) ?? null) : null;
}
