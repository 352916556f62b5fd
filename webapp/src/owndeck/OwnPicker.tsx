// «Свой расклад»'s card picker for the active position: search by name, or the grid of a suit.
import { SUIT_LABELS } from '../../../domain/tarot/journal';
import type { Suit } from '../../../domain/types';
import type { OwnPicks } from './useOwnPicks';

const SUITS = Object.keys(SUIT_LABELS) as Suit[];

export function OwnPicker({ activeName, own }: { activeName: string; own: OwnPicks }) {
  const { active, search, setSearch, suit, setSuit, found, chosen, pick } = own;
  return (
    <section className="panel own-picker" aria-label={`Карта для позиции «${activeName}»`}>
      <h2 className="own-picker-title" data-testid="own-picker-title">
        Позиция {active + 1}: {activeName}
      </h2>
      <label className="visually-hidden" htmlFor="own-search">
        Найти карту по названию
      </label>
      <input
        id="own-search"
        className="own-search"
        type="search"
        placeholder="Найти по названию: «Солнце»…"
        value={search}
        onChange={(e) => setSearch(e.target.value.slice(0, 40))}
        data-testid="own-search"
      />
      {!search && (
        <div className="own-suits" role="tablist" aria-label="Масти">
          {SUITS.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={s === suit}
              className={`own-suit ${s === suit ? 'is-on' : ''}`}
              onClick={() => setSuit(s)}
              data-testid={`own-suit-${s}`}
            >
              {SUIT_LABELS[s]}
            </button>
          ))}
        </div>
      )}
      {found.length === 0 ? (
        <p className="hint" data-testid="own-none">
          Такой карты нет. Попробуйте начало названия: «Королева», «Тройка»…
        </p>
      ) : (
        <div className="own-grid" data-testid="own-grid">
          {found.map((c) => {
            const at = chosen.get(c.id);
            const taken = at !== undefined && at !== active;
            return (
              <button
                key={c.id}
                type="button"
                className={`own-card ${at === active ? 'is-picked' : ''}`}
                disabled={taken}
                title={taken ? `Уже на позиции ${at! + 1}` : undefined}
                onClick={() => pick(c.id)}
                data-testid={`own-card-${c.id}`}
              >
                {c.name}
                {taken && <span className="own-card-at">поз. {at! + 1}</span>}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}
