// The micro pack on the daily card: the offer (none for a plan that opens the extra cards free), what was
// bought for this card, the reading the pack belongs to, the purchase, and the free reveal for a week pass or VIP.
import { PLAN_ACCESS } from '../../../domain/commerce/catalogue';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { keys, useApi } from '../data';
import {
  createOneTime,
  getMicroOffer,
  type MicroReveal,
  microCta,
  type Pricing,
  revealMicro,
  saveReading,
  track,
} from '../payments/client';
import { loadPaidState } from '../payments/daily-paid';
import { preferredProvider, returnUrlFor, runCheckout } from '../payments/pay';
import { markMicroPending } from '../payments/storage';
import type { DailyCard } from './useDailyDraw';

/** The micro-result address: it passes the result screen's access guard and names the reading. */
export function microResultPath(userId: number | null, readingId: number): string {
  const q = new URLSearchParams({
    product: 'micro',
    user_data: JSON.stringify({ initialScreen: 'micro-result', userId, readingId }),
    readingId: String(readingId),
    v: String(Date.now()),
  });
  return `/micro-result?${q.toString()}`;
}

// A plan that opens the extra cards free (the week pass, VIP) is never offered the pack.
const includesMicro = (tier: string) =>
  (PLAN_ACCESS as Record<string, { microWithoutPaying: boolean } | undefined>)[tier]?.microWithoutPaying ?? false;

interface MicroPackInput {
  card: DailyCard | null;
  tier: string;
  userId: number | null;
  pricing: Pricing | null;
  /** The cards' short message, saved with the reading the pack belongs to. */
  noteText: string | undefined;
}

export function useMicroPack({ card, tier, userId, pricing, noteText }: MicroPackInput) {
  const [, navigate] = useLocation();
  const { data: offer = null, reload: reloadOffer } = useApi(card && !includesMicro(tier) ? keys.microOffer : null, getMicroOffer);
  const paid = useApi(card ? keys.dailyEntitlements(card.cardId) : null, loadPaidState);
  const ent = paid.data?.ent ?? null;
  // A reading saved here for the micro pack stands for the one found when the card was opened.
  const [savedId, setReadingId] = useState<number | null>(null);
  const readingId = savedId ?? paid.data?.readingId ?? null;
  // The pack's cards: the server's answer, or the week pass's reveal made on this screen.
  const [weekReveal, setMicro] = useState<MicroReveal | null>(null);
  const micro = weekReveal ?? paid.data?.reveal ?? null;
  const [buying, setBuying] = useState(false);
  const offerTracked = useRef(false);

  useEffect(() => {
    if (!offer || !ent || offerTracked.current) return;
    offerTracked.current = true;
    track('offer_shown_micro', { price_variant: offer.abMicroVariant, tone: offer.abTone, eligible: !ent.hasMicroForCurrentQuestion });
  }, [offer, ent]);

  // A week pass or VIP opens the extra cards of the reading found for this card without paying.
  useEffect(() => {
    if (!readingId || !ent?.microWithoutPaying || micro) return;
    revealMicro(readingId)
      .then(setMicro)
      .catch(() => {});
  }, [readingId, ent?.microWithoutPaying]);

  /** The reading the micro pack belongs to: the one saved for this card, or a new saved daily reading. */
  const ensureReading = async (): Promise<number> => {
    if (readingId) return readingId;
    const saved = await saveReading({
      title: `Карта дня: ${card!.name}`,
      cards: [card!.name],
      interpretation: noteText,
      spreadType: 'free_daily',
    });
    setReadingId(saved.readingId);
    return saved.readingId;
  };

  const buyMicro = async () => {
    if (!card || buying) return;
    setBuying(true);
    microCta().catch(() => {});
    track('clicked_mini_cta', { price_variant: offer?.abMicroVariant, tone: offer?.abTone, price: offer?.price });
    try {
      const id = await ensureReading();
      const context = { cardName: card.name, cardMeaning: card.fullMeaning, dailyContext: noteText ?? '', readingId: id };
      markMicroPending(id, context);
      const path = microResultPath(userId, id);
      const answer = await createOneTime({
        product: 'micro',
        mode: 'redirect',
        context,
        returnUrl: returnUrlFor(path),
        readingId: id,
        provider: preferredProvider(pricing),
      });
      const outcome = await runCheckout(answer);
      if (outcome.kind === 'redirecting') return;
      if (outcome.kind === 'paid' || outcome.kind === 'already' || outcome.kind === 'pending') return navigate(path);
      setBuying(false);
    } catch {
      // Micro flow errors are swallowed; the offer stays for another try.
      setBuying(false);
    }
  };

  /** The week pass's or VIP's free reveal, on a tap. */
  const revealFree = async () => {
    const id = await ensureReading().catch(() => null);
    if (id)
      revealMicro(id)
        .then(setMicro)
        .catch(() => {});
  };

  return { offer, reloadOffer, ent, micro, buying, buyMicro, revealFree };
}
