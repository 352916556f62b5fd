// The city combobox's list: each suggestion with its region and country, the keyboard's one marked.
import type { CitySuggestion } from './natal-api';

export function CitySuggestions(props: {
  listId: string;
  items: CitySuggestion[];
  active: number;
  onChoose: (city: CitySuggestion) => void;
}) {
  const { listId, items, active } = props;
  return (
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
          onClick={() => props.onChoose(c)}
        >
          <span className="suggestion-name">{c.name}</span>
          <span className="suggestion-place">{[c.region, c.country].filter(Boolean).join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}
