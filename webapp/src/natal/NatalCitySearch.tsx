// The natal form's place field: a combobox with Russian city suggestions as the user types (GET
// /api/natal/cities, 150 ms after the last key, each answer cached), «not in the list» when nothing matches,
// keyboard choice, and the switch to entering coordinates.
import { CitySuggestions } from './CitySuggestions';
import { FieldError, fieldErrorId } from './NatalFieldError';
import type { CitySuggestion } from './natal-api';
import { useCityCombobox } from './useCityCombobox';

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
  const { ids, city, byCoordinates, error } = props;
  const { items, active, listId, showList, nothingFound, choose, onKey, openList, typed, left } = useCityCombobox(props);

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
          typed();
          props.onType(e.target.value);
        }}
        onFocus={openList}
        onBlur={(e) => {
          const value = e.target.value;
          left();
          props.onLeave(value);
        }}
        onKeyDown={onKey}
      />
      {showList && items.length > 0 && <CitySuggestions listId={listId} items={items} active={active} onChoose={choose} />}
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
