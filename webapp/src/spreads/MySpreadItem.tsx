// One of the user's spreads in «Свои расклады»: its name, positions and grid, with «Разложить», «Изменить»,
// «Поделиться» and «Удалить».
import { SpreadGrid } from './SpreadGrid';
import type { MySpread } from './spreads-api';

export function MySpreadItem(props: {
  spread: MySpread;
  onDeal: () => void;
  onEdit: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const s = props.spread;
  return (
    <li className="panel my-spread" data-testid="my-spread">
      <strong>{s.name}</strong>
      <span className="hint">{s.positions.map((p) => p.name).join(' · ')}</span>
      <SpreadGrid positions={s.positions} />
      <div className="person-buttons">
        <button type="button" className="btn btn-primary" onClick={props.onDeal} data-testid="my-spread-deal">
          Разложить
        </button>
        <button type="button" className="link-button" onClick={props.onEdit}>
          Изменить
        </button>
        <button type="button" className="link-button" onClick={props.onShare} data-testid="my-spread-share">
          Поделиться
        </button>
        <button type="button" className="link-button is-danger" onClick={props.onDelete}>
          Удалить
        </button>
      </div>
    </li>
  );
}
