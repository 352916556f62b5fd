// The spread designer: the spread's name, its positions (2..10), each named and given a role from the list or
// none («карта о …» with its name), and the grid: «Добавить позицию» puts the new one in the first free cell,
// a tap on a cell moves the selected position there. The server checks it all and names the field it refuses.
import { CUSTOM_NAME_MAX, CUSTOM_POSITIONS } from '../../../domain/tarot/custom-spreads';
import { DesignerPosition } from './DesignerPosition';
import { SpreadGrid } from './SpreadGrid';
import type { MySpread } from './spreads-api';
import { useSpreadDesigner } from './useSpreadDesigner';
import '../natal/natal.css';

export function SpreadDesigner(props: { spread: MySpread | null; onSaved: () => void; onCancel: () => void }) {
  const { name, setName, positions, selected, setSelected, error, busy, patch, add, place, remove, save } = useSpreadDesigner(
    props.spread,
    props.onSaved,
  );

  return (
    <section className="panel spread-designer" data-testid="spread-designer">
      <div className="field">
        <label htmlFor="spread-name">Название расклада</label>
        <input
          id="spread-name"
          className="input"
          maxLength={CUSTOM_NAME_MAX}
          value={name}
          placeholder="Например, Перекрёсток"
          onChange={(e) => setName(e.target.value)}
          data-testid="spread-name"
        />
      </div>
      <p className="hint">Выберите позицию и коснитесь клетки, чтобы положить её туда.</p>
      <SpreadGrid positions={positions} selected={selected} onCell={place} />
      <ol className="designer-positions">
        {positions.map((p, i) => (
          <DesignerPosition
            key={i}
            position={p}
            index={i}
            selected={i === selected}
            onSelect={() => setSelected(i)}
            onPatch={(d) => patch(i, d)}
            onRemove={() => remove(i)}
          />
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={positions.length >= CUSTOM_POSITIONS.max}
        onClick={add}
        data-testid="add-position"
      >
        Добавить позицию ({positions.length} из {CUSTOM_POSITIONS.max})
      </button>
      {error && (
        <p className="pay-message" role="alert" data-testid="designer-error">
          {error}
        </p>
      )}
      <div className="person-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()} data-testid="spread-save">
          Сохранить
        </button>
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          Отмена
        </button>
      </div>
    </section>
  );
}
