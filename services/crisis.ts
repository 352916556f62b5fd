// The one place every entry point decides a question's care tier (domain/reading/crisis.ts: crisis, concern, none).
// The local question model always decides; with an AI provider, the provider's classification and moderation
// screens (question-screen.ts) run too, and the question is a crisis if ANY layer says so (concern likewise).
// A screen that fails or times out counts for nothing: the local model decides alone and nothing is blocked.
// A crisis is answered with help lines, not cards: the use case refuses it before anything is charged, dealt or
// sent to the AI. The entry points show the answer (the API as 422 with `crisis`, the bot as a message) and log
// only that it happened, never the text.
import { crisisAnswer, type Care, type CrisisAnswer } from '../domain/reading/crisis';
import { serverCare } from '../domain/reading/understanding/server-care';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { screenQuestion, type Screen } from './question-screen';

/** The layers' verdicts joined: any crisis wins (self-harm first, its lines are the most urgent), then concern. */
export function joinCare(local: Care, screen: Screen): Care {
  const kinds = [local.crisis, screen.classification?.crisis ?? null, screen.moderation?.crisis ?? null];
  const crisis = kinds.includes('self_harm') ? 'self_harm' : kinds.includes('violence') ? 'violence' : null;
  if (crisis) return { tier: 'crisis', crisis };
  return { tier: local.tier === 'concern' || screen.classification?.concern ? 'concern' : 'none', crisis: null };
}

const crisisError = (care: Care) => {
  const answer = crisisAnswer(care.crisis!);
  return new ServiceError('crisis', answer.message, { crisis: answer });
};

export interface CareOptions {
  /**
   * `local`: the local model alone, for a text every layer already screened when it was first asked (a
   * stored reading's question when its interpretation opens).
   */
  layers?: 'all' | 'local';
}

export function createCareService(deps: Pick<ServiceDeps, 'ai' | 'warn'>) {
  const ai = deps.ai?.apiKey ? deps.ai : null;
  // A screen that keeps failing (a provider without the endpoint, a schema it refuses) must not go unseen.
  const failed = (layer: string, reason: string) =>
    deps.warn?.({ layer, reason }, 'question screen failed: the local question model decided alone');

  /** The care tier of the texts together: the most serious of each text's tier. */
  async function assess(texts: readonly string[], o: CareOptions = {}): Promise<Care> {
    const said = texts.filter((t) => t.trim());
    const locals = said.map(serverCare);
    // The local model already says crisis: nothing a screen says can change the answer, so none is asked.
    const local = locals.find((c) => c.tier === 'crisis');
    if (local) return local;
    const screens = ai && o.layers !== 'local' ? await Promise.all(said.map((t) => screenQuestion(ai, t, failed))) : [];
    const cares = locals.map((local, i) => (screens[i] ? joinCare(local, screens[i]) : local));
    return cares.find((c) => c.tier === 'crisis') ?? cares.find((c) => c.tier === 'concern') ?? { tier: 'none', crisis: null };
  }

  return {
    assess: (text: string, o?: CareOptions) => assess([text], o),

    /** Throws the crisis answer (422 `crisis`) when any of the texts is at the crisis tier; answers the tier otherwise. */
    async refuse(texts: readonly string[], o?: CareOptions): Promise<Care> {
      const care = await assess(texts, o);
      if (care.tier === 'crisis') throw crisisError(care);
      return care;
    },

    /** The help-lines answer of a crisis-tier text, or null: for the answers that are not readings (free text, support). */
    async crisisOf(text: string, o?: CareOptions): Promise<CrisisAnswer | null> {
      const care = await assess([text], o);
      return care.crisis ? crisisAnswer(care.crisis) : null;
    },
  };
}

/** The crisis answer a ServiceError carries, if it is one. */
export function crisisOf(err: unknown): CrisisAnswer | null {
  return err instanceof ServiceError && err.code === 'crisis' ? ((err.details?.crisis as CrisisAnswer | undefined) ?? null) : null;
}
