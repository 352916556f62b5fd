// «Свой расклад»'s positions: each with its card (or none yet) and whether it lies reversed; a tap makes one active.
import { DECK } from '../../../domain/tarot/deck';
import { CardImage } from '../components/CardImage';
import type { OwnPicks } from './useOwnPicks';

export function OwnPositions({ positions, own }: { positions: string[]; own: OwnPicks }) {
  const { picks, active, setActive, turn } = own;
  return (
    <ol className="own-positions" data-testid="own-positions">
      {positions.map((name, i) => {
        const p = picks[i];
        const card = p ? DECK.find((c) => c.id === p.id) : undefined;
        return (
          <li key={i} className={`own-position ${i === active ? 'is-active' : ''}`} data-testid="own-position">
            <button
              type="button"
              className="own-position-main"
              onClick={() => setActive(i)}
              aria-current={i === active ? 'step' : undefined}
              data-testid={`own-slot-${i}`}
            >
              {card ? (
                <CardImage image={card.image} id={card.id} name={card.name} reversed={p!.reversed} size="small" width={40} zoom={false} />
              ) : (
                <span className="own-empty" aria-hidden="true">
                  {i + 1}
                </span>
              )}
              <span className="own-position-text">
                <span className="own-position-name">
                  {i + 1}. {name}
                </span>
                <strong data-testid="own-slot-card">{card ? card.name : i === active ? 'Выберите карту ниже' : 'Не выбрана'}</strong>
              </span>
            </button>
            {p && (
              <button
                type="button"
                className={`own-turn ${p.reversed ? 'is-reversed' : ''}`}
                aria-pressed={p.reversed}
                onClick={() => turn(i)}
                data-testid={`own-reversed-${i}`}
              >
                {p.reversed ? 'Перевёрнутая' : 'Прямая'}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
