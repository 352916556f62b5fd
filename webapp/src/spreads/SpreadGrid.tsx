// The spread's grid (5 × 4 cells): each position in its cell with its number and name, or the card dealt there.
// In the designer a tap on a cell places the selected position; elsewhere the grid is a picture.
import { CUSTOM_GRID, type CustomPosition } from '../../../domain/tarot/custom-spreads';
import { CardImage } from '../components/CardImage';

export function SpreadGrid(props: {
  positions: Pick<CustomPosition, 'name' | 'x' | 'y'>[];
  selected?: number | null;
  onCell?: (x: number, y: number) => void;
  /** The dealt cards shown so far, by position. */
  cards?: ({ cardId: string; name: string; image: string; reversed: boolean } | null)[];
}) {
  const cells = [];
  for (let y = 0; y < CUSTOM_GRID.rows; y++)
    for (let x = 0; x < CUSTOM_GRID.cols; x++) {
      const i = props.positions.findIndex((p) => p.x === x && p.y === y);
      const card = i >= 0 ? props.cards?.[i] : null;
      const label = i >= 0 ? `${i + 1}. ${props.positions[i].name}` : `Клетка ${x + 1}, ${y + 1}`;
      const content =
        i < 0 ? null : card ? (
          <CardImage id={card.cardId} image={card.image} name={card.name} reversed={card.reversed} size="small" width={52} zoom={false} />
        ) : (
          <span className="grid-slot-number">{i + 1}</span>
        );
      cells.push(
        props.onCell ? (
          <button
            type="button"
            key={`${x}:${y}`}
            className={`grid-cell${i >= 0 ? ' is-taken' : ''}${i >= 0 && i === props.selected ? ' is-selected' : ''}`}
            aria-label={label}
            onClick={() => props.onCell?.(x, y)}
            data-testid={`grid-cell-${x}-${y}`}
          >
            {content}
          </button>
        ) : (
          <div
            key={`${x}:${y}`}
            className={`grid-cell${i >= 0 ? ' is-taken' : ''}`}
            title={i >= 0 ? label : undefined}
            data-testid={i >= 0 ? 'grid-slot' : undefined}
          >
            {content}
            {i >= 0 && <span className="grid-slot-name">{props.positions[i].name}</span>}
          </div>
        ),
      );
    }
  return (
    <div className="spread-grid" style={{ gridTemplateColumns: `repeat(${CUSTOM_GRID.cols}, 1fr)` }} data-testid="spread-grid">
      {cells}
    </div>
  );
}
