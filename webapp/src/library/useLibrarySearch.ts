// The library's search: the query and the suit filter, kept while the app is open so that back from a card
// keeps the search, and the cards that match them.
import { useMemo, useState } from 'react';
import { searchCards } from '../../../domain/tarot/card-library';
import type { Suit } from '../../../domain/types';

let lastQuery = '';
let lastSuit: Suit | 'all' = 'all';

export function useLibrarySearch() {
  const [query, setQueryState] = useState(lastQuery);
  const [suit, setSuitState] = useState<Suit | 'all'>(lastSuit);
  const cards = useMemo(() => searchCards(query).filter((c) => suit === 'all' || c.suit === suit), [query, suit]);
  const setQuery = (q: string) => setQueryState((lastQuery = q));
  const setSuit = (s: Suit | 'all') => setSuitState((lastSuit = s));
  return { query, setQuery, suit, setSuit, cards };
}
