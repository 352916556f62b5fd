// The user's deck (classic Rider–Waite–Smith or the drawn one): the server keeps it (GET /api/user/status,
// PUT /api/user/settings); a copy in localStorage shows the right deck before the status arrives.
import { useEffect } from 'react';
import { DEFAULT_DECK, isDeckId, type DeckId } from '../../domain/tarot/decks';
import { putSettings } from './api';
import { setStatus, useStatus } from './hooks/useStatus';

const KEY = 'taro.deck';
let remembered: DeckId | null = null;

function stored(): DeckId {
  if (remembered) return remembered;
  try {
    const v = localStorage.getItem(KEY);
    remembered = isDeckId(v) ? v : DEFAULT_DECK;
  } catch {
    remembered = DEFAULT_DECK;
  }
  return remembered;
}

function remember(deck: DeckId) {
  remembered = deck;
  try {
    localStorage.setItem(KEY, deck);
  } catch {
    /* private mode: the server still knows */
  }
}

/** The deck to draw cards with. */
export function useDeck(): DeckId {
  const { data } = useStatus();
  const fromServer = data?.userStatus.deck;
  const deck = isDeckId(fromServer) ? fromServer : stored();
  useEffect(() => {
    if (isDeckId(fromServer) && fromServer !== remembered) remember(fromServer);
  }, [fromServer]);
  return deck;
}

/** Stores the choice on the server; every card on screen follows. */
export async function chooseDeck(deck: DeckId): Promise<void> {
  const { userStatus } = await putSettings({ deck });
  remember(deck);
  setStatus(userStatus);
}
