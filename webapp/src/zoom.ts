// The card shown large over the screen (any card, anywhere): one at a time, opened by a tap on a card.
import { useSyncExternalStore } from 'react';
import type { DeckId } from '../../domain/tarot/decks';

export interface ZoomCard {
  id: string;
  name: string;
  reversed: boolean;
  /** The card's place in a spread («Прошлое», «Январь»…), when it lies in one. */
  position?: string;
  /** Another deck than the user's (the library shows either). */
  deck?: DeckId;
}

let current: ZoomCard | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function openZoom(card: ZoomCard) {
  current = card;
  emit();
}

export function closeZoom() {
  if (!current) return;
  current = null;
  emit();
}

export function useZoom(): ZoomCard | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
