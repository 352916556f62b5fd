// The natal form's city combobox state: suggestions for the typed text (GET /api/natal/cities, 150 ms after
// the last key, each answer cached), whether the list is open, the suggestion the keyboard points at, and
// «not in the list» when the answer for the typed text is empty.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { keys, useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { type CitySuggestion, searchCities } from './natal-api';

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * Suggestions for the typed text. The list keeps the last answer while the next one loads; `searched` is
 * the text that answer was for. The cities never change, so an answer once loaded is not asked for again.
 */
function useCitySuggestions(query: string, enabled: boolean) {
  const q = useSettled(query.trim(), 150);
  const on = enabled && q.length > 0 && query.trim().length > 0;
  // Suggestions are a help: a failed search shows none, and the server resolves the typed name anyway.
  const { data } = useApi(on ? keys.cities(q) : null, () => searchCities(q).then((r) => ({ q, cities: r.cities })), {
    keepPreviousData: true,
    revalidateIfStale: false,
  });
  return on && data ? { items: data.cities, searched: data.q } : { items: [], searched: '' };
}

export function useCityCombobox(props: {
  ids: string;
  city: string;
  cityId: string | null;
  byCoordinates: boolean;
  onChoose: (city: CitySuggestion) => void;
}) {
  const { ids, city, cityId, byCoordinates } = props;
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openList = () => {
    clearTimeout(closeTimer.current);
    setListOpen(true);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const { items, searched } = useCitySuggestions(city, !byCoordinates && cityId === null);

  const choose = (c: CitySuggestion) => {
    haptic('select');
    setListOpen(false);
    setActive(-1);
    props.onChoose(c);
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!listOpen || items.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % items.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      choose(items[active]);
    } else if (e.key === 'Escape') setListOpen(false);
  };

  /** The user typed: the list opens and no suggestion is pointed at. */
  const typed = () => {
    openList();
    setActive(-1);
  };
  /** The field lost focus; a tap on a suggestion lands before the list closes. */
  const left = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setListOpen(false), 150);
  };

  const showList = listOpen && !byCoordinates && cityId === null && city.trim().length > 0;
  const nothingFound = showList && searched === city.trim() && items.length === 0;
  const listId = `${ids}-cities`;
  return { items, active, listId, showList, nothingFound, choose, onKey, openList, typed, left };
}
