// One position in the designer's list: its number (selects it), its name, its role (or none, «карта о…»)
// and «Убрать».
import { CUSTOM_POSITION_NAME_MAX, CUSTOM_ROLES, type CustomPosition, type CustomRole } from '../../../domain/tarot/custom-spreads';

export function DesignerPosition(props: {
  position: CustomPosition;
  index: number;
  selected: boolean;
  onSelect: () => void;
  onPatch: (p: Partial<CustomPosition>) => void;
  onRemove: () => void;
}) {
  const { position: p, index: i } = props;
  return (
    <li className={`designer-position${props.selected ? ' is-selected' : ''}`} data-testid="designer-position">
      <button
        type="button"
        className="designer-number"
        aria-label={`Выбрать позицию ${i + 1}`}
        aria-pressed={props.selected}
        onClick={props.onSelect}
      >
        {i + 1}
      </button>
      <input
        className="input"
        aria-label={`Название позиции ${i + 1}`}
        maxLength={CUSTOM_POSITION_NAME_MAX}
        value={p.name}
        placeholder="Например, Что мешает"
        onFocus={props.onSelect}
        onChange={(e) => props.onPatch({ name: e.target.value })}
        data-testid="position-name"
      />
      <select
        className="input"
        aria-label={`Роль позиции ${i + 1}`}
        value={p.role ?? ''}
        onChange={(e) => props.onPatch({ role: (e.target.value || null) as CustomRole | null })}
        data-testid="position-role"
      >
        <option value="">Без роли — «карта о…»</option>
        {CUSTOM_ROLES.map((r) => (
          <option key={r.role} value={r.role}>
            {r.label}
          </option>
        ))}
      </select>
      <button type="button" className="link-button is-danger" onClick={props.onRemove} aria-label={`Убрать позицию ${i + 1}`}>
        Убрать
      </button>
    </li>
  );
}
