// The daily card's AI texts: the short message for today's card (cached per card, one call in flight per
// user and card) and the paid day analysis. Both fall back to card-based texts when no AI text comes.
import * as aiRepo from '../../db/repositories/interpretations';
import * as usageRepo from '../../db/repositories/usage';
import type { User } from '../../db/schema';
import { CARD_BY_ID } from '../../domain/tarot/deck';
import { speaksOfReversals } from '../../domain/tarot/deal';
import { userDay } from '../../domain/text/day';
import { buildDailyCardFallback, buildDailyGuidanceFallback } from '../../domain/reading/fallback';
import { buildDailyCardMessages, buildDailyGuidanceMessages } from '../../domain/reading/prompts';
import { entitlementOf } from '../../domain/commerce/entitlement';
import { detailedDayOpenedBy } from '../../domain/commerce/claims';
import { AI_ERRORS, ProviderFailure, type AiProvider } from '../ai-provider';
import { createCareService } from '../crisis';
import type { ServiceDeps } from '../deps';
import { ServiceError } from '../errors';
import { hasRecentMicro } from '../payments/micro';
import type { UserService } from '../users';

const DAILY_CARD_MAX_TOKENS = 400;
const GUIDANCE_MAX_TOKENS = 1200;

/** Who may ask for the detailed day analysis: paid plans (week included), special access, a recent micro pack. */
async function hasDetailedGuidanceAccess(deps: ServiceDeps, user: User): Promise<boolean> {
  const e = entitlementOf(user, deps.clock(), deps.specialAccessUserIds);
  // A micro pack bought in the last 24 hours opens the analysis too; week is a paid tier.
  return e.access.detailedDay || (await hasRecentMicro(deps.db, user.id, deps.clock()));
}

export function createDailyInterpretations(deps: ServiceDeps, users: UserService, provider: AiProvider) {
  const care = createCareService(deps);
  const dailyPending = new Map<string, Promise<{ text: string; fallback: boolean; error: string | null }>>();
  const takeSlot = (userId: number) => provider.takeSlot(userId, 'extra');

  /** Today's daily card of the user, or 409 when none was drawn today. */
  async function todaysCard(user: User) {
    const day = userDay(user, deps.clock()).day;
    const usage = await usageRepo.findUsage(deps.db, user.id, day);
    const card = usage?.daily_card_id ? CARD_BY_ID.get(usage.daily_card_id) : undefined;
    if (!usage || !card) throw new ServiceError('conflict', 'Сначала вытяните карту дня', { redirect: '/daily-card' });
    const orientation = usage.daily_card_orientation ?? 'upright';
    // A user without reversed cards reads no word about orientation (a card dealt reversed before still says so).
    return { day, card, orientation, reversals: speaksOfReversals(user.reversals, [{ orientation }]) };
  }

  return {
    /** POST /api/interpret-daily-card: a short message for the caller's own card of today (cached per card). */
    async dailyCard(
      userId: number,
    ): Promise<{ interpretation: string; fallback: boolean; error: string | null; cardId: string; cardName: string }> {
      const user = await users.requireUser(userId);
      const { day, card, orientation, reversals } = await todaysCard(user);
      const key = `${card.id}:${orientation}`;
      const out = (r: { text: string; fallback: boolean; error: string | null }) => ({
        interpretation: r.text,
        fallback: r.fallback,
        error: r.error,
        cardId: card.id,
        cardName: card.name,
      });
      const cached = await aiRepo.findDailyCardNote(deps.db, userId, day, key);
      if (cached) return out({ text: cached, fallback: false, error: null });
      if (!provider.enabled)
        return out({ text: buildDailyCardFallback(card, orientation, reversals), fallback: true, error: AI_ERRORS.notInitialized });
      const pendingKey = `${userId}:${day}:${key}`;
      let pending = dailyPending.get(pendingKey);
      if (!pending) {
        pending = (async () => {
          await takeSlot(userId);
          try {
            const text = await provider.complete(buildDailyCardMessages(card, orientation, reversals), {
              signal: new AbortController().signal,
              maxTokens: DAILY_CARD_MAX_TOKENS,
            });
            await aiRepo.saveDailyCardNote(deps.db, userId, day, key, text.trim());
            return { text: text.trim(), fallback: false, error: null };
          } catch (err) {
            if (!(err instanceof ProviderFailure)) throw err;
            return { text: buildDailyCardFallback(card, orientation, reversals), fallback: true, error: AI_ERRORS.dailyCard };
          }
        })().finally(() => dailyPending.delete(pendingKey));
        dailyPending.set(pendingKey, pending);
      }
      return out(await pending);
    },

    /** POST /api/detailed-daily-guidance: the day analysis for the caller's card of today (paid access). */
    async dailyGuidance(
      userId: number,
      plans: string | null,
    ): Promise<{ guidance: string; fallback: boolean; error: string | null; cardId: string; cardName: string }> {
      const user = await users.requireUser(userId);
      if (!(await hasDetailedGuidanceAccess(deps, user)))
        throw new ServiceError('payment_required', `Подробный разбор дня открывает ${detailedDayOpenedBy()}.`, {
          redirect: '/subscription',
        });
      const { card, orientation, reversals } = await todaysCard(user);
      const cleanPlans = plans?.trim() ? plans.trim() : null;
      // The plans are the user's own words: a crisis there gets help lines, not a day analysis.
      if (cleanPlans) await care.refuse([cleanPlans]);
      const out = (guidance: string, error: string | null) => ({
        guidance,
        fallback: error !== null,
        error,
        cardId: card.id,
        cardName: card.name,
      });
      if (!provider.enabled) return out(buildDailyGuidanceFallback(card, orientation, cleanPlans, reversals), AI_ERRORS.notInitialized);
      await takeSlot(userId);
      try {
        const text = await provider.complete(buildDailyGuidanceMessages(card, orientation, cleanPlans, reversals), {
          signal: new AbortController().signal,
          maxTokens: GUIDANCE_MAX_TOKENS,
        });
        return out(text.trim(), null);
      } catch (err) {
        if (!(err instanceof ProviderFailure)) throw err;
        return out(buildDailyGuidanceFallback(card, orientation, cleanPlans, reversals), AI_ERRORS.guidance);
      }
    },
  };
}
