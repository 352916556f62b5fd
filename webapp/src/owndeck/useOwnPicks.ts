// «Свой расклад»'s picks: which card lies at each position and whether it is reversed, kept for a reload
// (a changed spread or question starts empty); the card found by name or in a suit's grid.
import { useEffect, useMemo, useState } from 'react';
import { DECK } from '../../../domain/tarot/deck';
import type { OwnCardInput } from '../../../domain/tarot/own-deck';
import type { Suit } from '../../../domain/types';
import { haptic } from '../telegram/bridge';

export const PICKS_KEY = 'taro.ownCards';

/** Lower case, «ё» as «е»: «Колесница» is found by «колес», «Отшельник» by «отшел». */
const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е').trim();

type Pick = OwnCardInput | null;

/** The picks of this spread and question, kept for a reload (a changed spread or question starts empty). */
function loadPicks(key: string, count: number): Pick[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PICKS_KEY) ?? 'null') as { key: string; picks: Pick[] } | null;
    if (saved?.key === key && saved.picks.length === count) return saved.picks;
  } catch {
    /* storage unavailable or corrupt: start empty */
  }
  return Array.from({ length: count }, () => null);
}

/** `onPick` runs when a card is placed (a refusal shown for the previous cards no longer stands). */
export function useOwnPicks(key: string, count: number, onPick: () => void) {
  const [picks, setPicks] = useState<Pick[]>(() => loadPicks(key, count));
  const [active, setActive] = useState(() => Math.max(0, picks.indexOf(null)));
  const [suit, setSuit] = useState<Suit>('major');
  const [search, setSearch] = useState('');

  useEffect(() => {
    try {
      sessionStorage.setItem(PICKS_KEY, JSON.stringify({ key, picks }));
    } catch {
      /* kept in memory for this visit */
    }
  }, [key, picks]);

  const chosen = useMemo(() => new Map(picks.flatMap((p, i) => (p ? [[p.id, i] as const] : []))), [picks]);
  const found = useMemo(() => {
    const q = fold(search);
    return q ? DECK.filter((c) => fold(c.name).includes(q)) : DECK.filter((c) => c.suit === suit);
  }, [search, suit]);
  const complete = picks.every((p) => p !== null);

  function pick(cardId: string) {
    haptic('select');
    const next = picks.slice();
    next[active] = { id: cardId, reversed: picks[active]?.reversed ?? false };
    setPicks(next);
    setSearch('');
    onPick();
    // On to the next empty position, if any.
    const empty = next.findIndex((p, i) => p === null && i > active);
    const anyEmpty = empty >= 0 ? empty : next.indexOf(null);
    if (anyEmpty >= 0) setActive(anyEmpty);
  }

  function turn(i: number) {
    haptic('select');
    setPicks(picks.map((p, j) => (j === i && p ? { ...p, reversed: !p.reversed } : p)));
  }

  return { picks, active, setActive, suit, setSuit, search, setSearch, chosen, found, complete, pick, turn };
}

export type OwnPicks = ReturnType<typeof useOwnPicks>;
