// «Библиотека карт»: one card with what the library shows about it (element, number, correspondence) and
// «В ваших раскладах»: how often it came in the caller's own readings, upright and reversed, and the latest
// readings it lay in. Counts take every reading; the list shows only readings the archive opens to the caller
// (the archive rule: a non-VIP user's last 30 days), so each of them is a tap away.
import * as historyRepo from '../db/repositories/card-history';
import { cardLore, type CardLore } from '../domain/tarot/card-library';
import { getCard } from '../domain/tarot/deck';
import { positionNamesFor, spreadLabel } from '../domain/tarot/spreads';
import type { Orientation, TarotCard } from '../domain/types';
import { archiveWindowStart, seesWholeArchive } from './archive-rule';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import type { UserService } from './users';

/** How many of the latest readings a card's page lists. */
export const CARD_HISTORY_READINGS = 5;

export interface CardHistoryReading {
  id: number;
  spreadType: string;
  spreadName: string;
  question: string;
  createdAt: string;
  /** The card's place in that reading («Прошлое»), when the spread names it. */
  position: string | null;
  orientation: Orientation;
}

export interface CardPage {
  card: TarotCard & CardLore;
  history: {
    count: number;
    upright: number;
    reversed: number;
    readings: CardHistoryReading[];
    /** Readings with the card older than the archive window (VIP opens them); 0 for VIP. */
    olderHidden: number;
  };
}

export function createLibraryService(deps: ServiceDeps, users: UserService) {
  return {
    /** GET /api/cards/:id: the card and its history in the caller's readings. */
    async card(userId: number, cardId: string): Promise<CardPage> {
      const card = getCard(cardId);
      if (!card) throw new ServiceError('not_found', 'Такой карты нет в колоде');
      const user = await users.requireUser(userId);
      const since = seesWholeArchive(deps, user) ? undefined : archiveWindowStart(deps);
      const [counts, shown] = await Promise.all([
        historyRepo.cardCounts(deps.db, userId, card.id),
        historyRepo.cardAppearances(deps.db, userId, card.id, { since, limit: CARD_HISTORY_READINGS }),
      ]);
      const olderHidden = since ? await historyRepo.readingsWithCardBefore(deps.db, userId, card.id, since) : 0;
      return {
        card: { ...card, ...cardLore(card) },
        history: {
          ...counts,
          readings: shown.map((a) => ({
            id: a.readingId,
            spreadType: a.spreadType,
            spreadName: spreadLabel(a.spreadType),
            question: a.question,
            createdAt: a.createdAt.toISOString(),
            position: positionNamesFor(a.spreadType, a.firstMonth)[a.position] ?? null,
            orientation: a.orientation,
          })),
          olderHidden,
        },
      };
    },
  };
}
