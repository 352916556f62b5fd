// The deck the library shows: the user's own, or the other one a tap away (kept while the app is open, so a
// card opened from the grid shows in the same deck).
import { useSyncExternalStore } from 'react';
import { DECKS, type DeckId } from '../../../domain/tarot/decks';
import { useDeck } from '../deck';

let chosen: DeckId | null = null;
const listeners = new Set<() => void>();

export function useLibraryDeck(): [DeckId, (d: DeckId) => void] {
  const userDeck = useDeck();
  const picked = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => chosen,
    () => null,
  );
  return [
    picked ?? userDeck,
    (d) => {
      chosen = d;
      for (const l of listeners) l();
    },
  ];
}

/** The deck that is not `deck`. */
export const otherDeck = (deck: DeckId): DeckId => DECKS.find((d) => d !== deck)!;
