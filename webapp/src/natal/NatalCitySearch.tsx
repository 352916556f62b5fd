// The natal form's place field: a combobox with Russian city suggestions as the user types (GET
// /api/natal/cities, 150 ms after the last key, each answer cached), «not in the list» when nothing matches,
// keyboard choice, and the switch to entering coordinates.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { keys, useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { FieldError, fieldErrorId } from './NatalFieldError';
import { searchCities, type CitySuggestion } from './natal-api';

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

export function NatalCitySearch(props: {
  ids: string;
  city: string;
  cityId: string | null;
  byCoordinates: boolean;
  error: string | undefined;
  /** The user typed: the place is no longer one from the list. */
  onType: (value: string) => void;
  onChoose: (city: CitySuggestion) => void;
  /** The field lost focus with this text (an empty one is an error). */
  onLeave: (value: string) => void;
  onToggleCoordinates: () => void;
}) {
  const { ids, city, cityId, byCoordinates, error } = props;
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

  const showList = listOpen && !byCoordinates && cityId === null && city.trim().length > 0;
  const nothingFound = showList && searched === city.trim() && items.length === 0;
  const listId = `${ids}-cities`;

  // A plain text field when the place is named by coordinates; otherwise a combobox over the suggestions.
  const comboboxProps = {
    role: 'combobox',
    'aria-expanded': showList && items.length > 0,
    'aria-controls': listId,
    'aria-autocomplete': 'list',
    'aria-activedescendant': active >= 0 ? `${listId}-${active}` : undefined,
  } as const;
  return (
    <div className="field city-field">
      <label htmlFor={`${ids}-city`}>{byCoordinates ? 'Место рождения (название)' : 'Город рождения'}</label>
      <input
        id={`${ids}-city`}
        className={`input${error ? ' is-invalid' : ''}`}
        type="text"
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder={byCoordinates ? 'Например, село Покровское' : 'Начните вводить: Москва, Казань…'}
        value={city}
        {...(byCoordinates ? {} : comboboxProps)}
        aria-invalid={!!error}
        aria-describedby={error ? fieldErrorId(ids, 'city') : undefined}
        data-testid="natal-city"
        onChange={(e) => {
          openList();
          setActive(-1);
          props.onType(e.target.value);
        }}
        onFocus={openList}
        onBlur={(e) => {
          // Let a tap on a suggestion land before the list closes.
          const value = e.target.value;
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => setListOpen(false), 150);
          props.onLeave(value);
        }}
        onKeyDown={onKey}
      />
      {showList && items.length > 0 && (
        <ul className="suggestions" role="listbox" id={listId} data-testid="city-suggestions">
          {items.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              data-testid="city-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(c)}
            >
              <span className="suggestion-name">{c.name}</span>
              <span className="suggestion-place">{[c.region, c.country].filter(Boolean).join(', ')}</span>
            </li>
          ))}
        </ul>
      )}
      {nothingFound && !error && (
        <p className="field-note" data-testid="city-not-found">
          Такого города нет в списке. Проверьте написание или укажите координаты.
        </p>
      )}
      <FieldError ids={ids} field="city" message={error} />
      {/* Pressed while the field has focus, the button keeps it there: a blur would close the list and its note
          under the pointer, move the button up, and the press would end elsewhere. */}
      <button
        type="button"
        className="link-button"
        data-testid="toggle-coordinates"
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onToggleCoordinates}
      >
        {byCoordinates ? 'Выбрать город из списка' : 'Моего города нет в списке — указать координаты'}
      </button>
    </div>
  );
}
