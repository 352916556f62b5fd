// The micro pack: two extra cards, distinct from the reading's (daily) card and from each other, plus a
// personal tip. The server deals them once per purchase and stores them, so asking again shows the same.
// An active week pass reveals without paying.
import type { Db } from '../../db/connection';
import * as aiRepo from '../../db/repositories/interpretations';
import * as microRepo from '../../db/repositories/micro';
import * as readingsRepo from '../../db/repositories/readings';
import * as usersRepo from '../../db/repositories/users';
import type { MicroPurchase, Reading } from '../../db/schema';
import { CARD_BY_ID, CARD_IDS, cardMeaning } from '../../domain/tarot/deck';
import { deal, speaksOfReversals, type RandomInt } from '../../domain/tarot/deal';
import { valenceOf } from '../../domain/reading/facts';
import { MICRO_PACK } from '../../domain/commerce/catalogue';
import { entitlementOf } from '../../domain/commerce/entitlement';
import { userDay } from '../../domain/text/day';
import type { DealtCard } from '../../domain/types';
import { ServiceError } from '../errors';
import { microSpreadState, type MicroSpreadState } from './micro-spread';

export const MICRO_ADVICE_DEFAULT = 'Ваш персональный совет готов!';

export interface MicroCardView {
  cardId: string;
  name: string;
  cardName: string;
  orientation: 'upright' | 'reversed';
  reversed: boolean;
  imgUrl: string;
  image: string;
  keywords: string[];
  meaning: string;
  /** «Карта дня» for the first, «Дополнительная карта» for the others. */
  label: string;
}

export interface MicroRevealView {
  readingId: number;
  purchaseId: number;
  source: 'payment' | 'week';
  cards: MicroCardView[];
  advice: { text: string };
  revealedAt: string;
  /** The included 3-card reading of a paid pack (null for a week pass's reveal). */
  spread: MicroSpreadState | null;
}

/** Writes the personal tip (AI); null or a throw means the fallback is used. */
export type MicroAdviceWriter = (input: {
  userId: number;
  question: string;
  cards: MicroCardView[];
  dailyNote?: string;
  reversals: boolean;
}) => Promise<string | null>;

/** A card of the pack; the screen marks a reversed one after its name, as every other screen does. */
export function microCardView(c: DealtCard, index: number): MicroCardView {
  const card = CARD_BY_ID.get(c.cardId)!;
  return {
    cardId: card.id,
    name: card.name,
    cardName: card.name,
    orientation: c.orientation,
    reversed: c.orientation === 'reversed',
    imgUrl: card.image,
    image: card.image,
    keywords: c.orientation === 'reversed' ? card.reversedKeywords : card.keywords,
    meaning: c.orientation === 'reversed' ? card.reversedMeaning : card.meaning,
    label: index === 0 ? 'Карта дня' : 'Дополнительная карта',
  };
}

/** «A» и «B»: the cards named in the tip. */
const quotedNames = (cards: MicroCardView[]) => cards.map((c) => `«${c.name}»`).join(' и ');
const firstKeywords = (cards: MicroCardView[]) => cards.map((c) => c.keywords.slice(0, 2).join(' и ')).join('; ');

/**
 * The extra cards in the fallback tip: a card that reads as support says what to lean on, one that reads as
 * a challenge what to beware of. Whether it supports is the card's own valence in its orientation, not the
 * orientation alone: the Devil upright is no support, the Four of Cups reversed is new interest.
 */
function extraCardsLines(extra: MicroCardView[]): string[] {
  const supports = (c: MicroCardView) => valenceOf(CARD_BY_ID.get(c.cardId)!, c.orientation) >= 0;
  const support = extra.filter(supports);
  const warning = extra.filter((c) => !supports(c));
  const lines: string[] = [];
  if (support.length) {
    const one = support.length === 1;
    lines.push(
      `${one ? 'Дополнительная карта' : 'Дополнительные карты'} ${quotedNames(support)} ${one ? 'подсказывает' : 'подсказывают'}, на что опереться: ${firstKeywords(support)}.`,
    );
  }
  if (warning.length) {
    const one = warning.length === 1;
    const who = support.length ? (one ? 'Карта' : 'Карты') : one ? 'Дополнительная карта' : 'Дополнительные карты';
    lines.push(`${who} ${quotedNames(warning)} ${one ? 'предупреждает' : 'предупреждают'}, чего остерегаться: ${firstKeywords(warning)}.`);
  }
  return lines;
}

/** A tip built from the cards alone, when no AI text can be had. */
export function fallbackMicroAdvice(cards: MicroCardView[], reversals: boolean): string {
  const [day, ...extra] = cards;
  const reversed = day.orientation === 'reversed';
  const parts = [
    `Карта дня «${day.name}»${reversals ? ` (${reversed ? 'перевёрнутое положение' : 'прямое положение'})` : ''} задаёт тон: ${cardMeaning(CARD_BY_ID.get(day.cardId)!, day.orientation)}.`,
    ...extraCardsLines(extra),
    // The tip follows the card's orientation, as the short message of the day does.
    reversed
      ? `Совет: там, где сегодня проявится «${day.keywords[0] ?? day.name}», не торопитесь и не давите — сначала разберитесь, что мешает, и только потом действуйте.`
      : `Совет: выберите сегодня одно дело, в котором проявится «${day.keywords[0] ?? day.name}», и доведите его до конца.`,
  ];
  return parts.filter(Boolean).join(' ');
}

function view(mp: MicroPurchase, readingId: number): MicroRevealView {
  return {
    readingId,
    purchaseId: mp.id,
    source: mp.source,
    cards: (mp.cards ?? []).map((c, i) => microCardView(c, i)),
    advice: { text: mp.advice?.trim() || MICRO_ADVICE_DEFAULT },
    revealedAt: (mp.revealed_at ?? new Date()).toISOString(),
    spread: microSpreadState(mp),
  };
}

/** The first card of the reading is its daily card; the two extra cards avoid every card of the reading. */
function dealMicro(reading: Reading, randomInt: RandomInt, reversals: boolean): DealtCard[] {
  const first = reading.cards.find((c) => c.position === 0) ?? reading.cards[0];
  const daily: DealtCard = first
    ? { cardId: first.cardId, position: 0, orientation: first.orientation }
    : deal(CARD_IDS, 1, randomInt, { reversals })[0];
  const exclude = [...new Set([daily.cardId, ...reading.cards.map((c) => c.cardId)])];
  const extra = deal(CARD_IDS, 2, randomInt, { reversals, exclude }).map((c, i) => ({ ...c, position: i + 1 }));
  return [daily, ...extra];
}

export interface MicroDeps {
  db: Db;
  clock: () => Date;
  randomInt: RandomInt;
  specialAccessUserIds: readonly number[];
}

export async function ownedReading(db: Db, userId: number, readingId: number): Promise<Reading> {
  const r = await readingsRepo.findReading(db, readingId);
  // Someone else's reading answers exactly as a missing one.
  if (!r || r.user_id !== userId)
    throw new ServiceError('not_found', 'Расклад не найден (reading not found)', { code: 'reading_not_found' });
  return r;
}

/**
 * Reveals the micro pack of a reading: the purchase bound to it (or an unbound one, which is bound now, or
 * a plan that includes them: the week pass, VIP) gets its cards dealt and stored once; the tip is written after the transaction (an AI call
 * must not hold the database) and stored once too.
 */
export async function revealMicro(d: MicroDeps, userId: number, readingId: number, writer?: MicroAdviceWriter): Promise<MicroRevealView> {
  const reading = await ownedReading(d.db, userId, readingId);
  let userReversals = true;
  let mp = await d.db.transaction().execute(async (trx) => {
    const user = await usersRepo.lockUser(trx, userId);
    if (!user) throw new ServiceError('not_found', 'Пользователь не найден');
    userReversals = user.reversals;
    const usable = await microRepo.listUsableMicro(trx, userId, readingId);
    const bound = usable.filter((p) => p.reading_id === readingId);
    let chosen = bound.find((p) => p.revealed_at) ?? bound[0];
    if (!chosen) {
      const unbound = usable.find((p) => p.reading_id === null);
      if (unbound) {
        await microRepo.bindMicro(trx, unbound.id, readingId);
        chosen = { ...unbound, reading_id: readingId };
      }
    }
    const now = d.clock();
    if (!chosen && entitlementOf(user, now, d.specialAccessUserIds).access.microWithoutPaying)
      chosen = await microRepo.insertMicroPurchase(trx, { userId, readingId, paymentId: null, source: 'week' });
    if (!chosen)
      throw new ServiceError('payment_required', 'Микро-пакет не оплачен (micro not purchased)', { code: 'micro_not_purchased' });
    if (chosen.revealed_at) return chosen;
    return (await microRepo.storeReveal(trx, chosen.id, dealMicro(reading, d.randomInt, user.reversals), '', now)) ?? chosen;
  });

  const reversals = speaksOfReversals(userReversals, mp.cards ?? []);
  if (!mp.advice) {
    const cards = (mp.cards ?? []).map((c, i) => microCardView(c, i));
    let text: string | null = null;
    try {
      text = writer
        ? await writer({ userId, question: reading.question, cards, dailyNote: await dailyNoteOf(d, userId, cards[0]), reversals })
        : null;
    } catch {
      text = null;
    }
    const advice = text?.trim() || fallbackMicroAdvice(cards, reversals);
    mp = await microRepo.storeAdviceOnce(d.db, mp.id, advice);
  }
  return view(mp, readingId);
}

/** The short message of today's daily card the user already read, so the tip can agree with it. */
async function dailyNoteOf(d: MicroDeps, userId: number, day: MicroCardView | undefined): Promise<string | undefined> {
  if (!day) return undefined;
  const user = await usersRepo.findUser(d.db, userId);
  if (!user) return undefined;
  return aiRepo.findDailyCardNote(d.db, userId, userDay(user, d.clock()).day, `${day.cardId}:${day.orientation}`).catch(() => undefined);
}

export interface EntitlementsView {
  hasMicroForCurrentQuestion: boolean;
  hasMicroPurchase: boolean;
  hasActiveWeek: boolean;
  /** The plan opens the extra cards without paying (the week pass, VIP): the screens reveal instead of selling. */
  microWithoutPaying: boolean;
  microRevealed: boolean;
  detailedGuidance: boolean;
  subscriptionType: string;
  subscriptionExpires: string | null;
  readingId: number | null;
  /** The 3-card reading a paid pack of this reading includes (purchase id, and the reading once made). */
  microSpread: MicroSpreadState | null;
}

/**
 * What the screens poll after a payment. `hasMicroPurchase` counts only packs a reveal could still use for
 * this reading (bound to it, or not bound yet), so an old pack of another reading never looks like the new one.
 */
export async function entitlementsOf(d: MicroDeps, userId: number, readingId: number | null): Promise<EntitlementsView> {
  const user = await usersRepo.findUser(d.db, userId);
  if (!user) throw new ServiceError('not_found', 'Пользователь не найден');
  const now = d.clock();
  const e = entitlementOf(user, now, d.specialAccessUserIds);
  const tier = e.tier;
  let ownReading = readingId;
  if (readingId !== null) {
    const r = await readingsRepo.findReading(d.db, readingId);
    if (!r || r.user_id !== userId) ownReading = null;
  }
  const usable = ownReading !== null ? await microRepo.listUsableMicro(d.db, userId, ownReading) : [];
  const bound = usable.filter((p) => p.reading_id === ownReading);
  const anyUsable = ownReading !== null ? usable.length > 0 : await microRepo.hasUnrevealedMicro(d.db, userId);
  return {
    hasMicroForCurrentQuestion: bound.length > 0,
    hasMicroPurchase: anyUsable,
    hasActiveWeek: tier === 'week',
    microWithoutPaying: e.access.microWithoutPaying,
    microRevealed: bound.some((p) => p.revealed_at),
    detailedGuidance: e.access.detailedDay || (await hasRecentMicro(d.db, userId, now)),
    subscriptionType: tier,
    subscriptionExpires: tier === 'free' ? null : (user.subscription_expires?.toISOString() ?? null),
    readingId: ownReading,
    microSpread: bound.map(microSpreadState).find((x) => x !== null) ?? null,
  };
}

/** A live micro pack bought in the last MICRO_PACK.detailedDayHours opens the detailed day analysis. */
export async function hasRecentMicro(db: Db, userId: number, now: Date): Promise<boolean> {
  return microRepo.hasMicroSince(db, userId, new Date(now.getTime() - MICRO_PACK.detailedDayHours * 3_600_000));
}
