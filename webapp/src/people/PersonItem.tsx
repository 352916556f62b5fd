// One saved person in the «Люди» list: name, relation and birth date, with «Совместимость» (when the date is
// known), «Изменить» and «Удалить».
import { PersonSynastry } from './PersonSynastry';
import type { PersonView } from './people-api';

export function PersonItem(props: { person: PersonView; open: boolean; onToggle: () => void; onEdit: () => void; onDelete: () => void }) {
  const p = props.person;
  return (
    <li className="panel person-item" data-testid="person-item">
      <div className="person-head">
        <span className="person-name">{p.name}</span>
        <span className="hint">
          {p.relationLabel}
          {p.birth ? ` · ${p.birth.date.split('-').reverse().join('.')}` : ''}
        </span>
      </div>
      <div className="person-buttons">
        {p.birth && (
          <button type="button" className="link-button" onClick={props.onToggle} data-testid="person-synastry-toggle">
            {props.open ? 'Скрыть совместимость' : 'Совместимость'}
          </button>
        )}
        <button type="button" className="link-button" onClick={props.onEdit} data-testid="person-edit">
          Изменить
        </button>
        <button type="button" className="link-button is-danger" onClick={props.onDelete} data-testid="person-delete">
          Удалить
        </button>
      </div>
      {props.open && <PersonSynastry id={p.id} />}
    </li>
  );
}
