// The spread designer: the spread's name, its positions (2..10), each named and given a role from the list or
// none («карта о …» with its name), and the grid: «Добавить позицию» puts the new one in the first free cell,
// a tap on a cell moves the selected position there. The server checks it all and names the field it refuses.
import { useState } from 'react';
import {
  CUSTOM_GRID,
  CUSTOM_NAME_MAX,
  CUSTOM_POSITION_NAME_MAX,
  CUSTOM_POSITIONS,
  CUSTOM_ROLES,
  type CustomPosition,
  type CustomRole,
} from '../../../domain/tarot/custom-spreads';
import { ApiError } from '../api';
import { haptic } from '../telegram/bridge';
import { SpreadGrid } from './SpreadGrid';
import { createSpread, type MySpread, updateSpread } from './spreads-api';
import '../natal/natal.css';

function freeCell(positions: CustomPosition[]): { x: number; y: number } | null {
  for (let y = 0; y < CUSTOM_GRID.rows; y++)
    for (let x = 0; x < CUSTOM_GRID.cols; x++) if (!positions.some((p) => p.x === x && p.y === y)) return { x, y };
  return null;
}

export function SpreadDesigner(props: { spread: MySpread | null; onSaved: () => void; onCancel: () => void }) {
  const [name, setName] = useState(props.spread?.name ?? '');
  const [positions, setPositions] = useState<CustomPosition[]>(props.spread?.positions ?? []);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const patch = (i: number, p: Partial<CustomPosition>) => setPositions((all) => all.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const add = () => {
    const cell = freeCell(positions);
    if (!cell || positions.length >= CUSTOM_POSITIONS.max) return;
    setPositions((all) => [...all, { name: '', role: null, ...cell }]);
    setSelected(positions.length);
    haptic('select');
  };
  const place = (x: number, y: number) => {
    const there = positions.findIndex((p) => p.x === x && p.y === y);
    if (there >= 0) return setSelected(there);
    if (selected === null) return;
    patch(selected, { x, y });
    haptic('select');
  };
  const remove = (i: number) => {
    setPositions((all) => all.filter((_, j) => j !== i));
    setSelected(null);
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const d = { name, positions };
      if (props.spread) await updateSpread(props.spread.id, d);
      else await createSpread(d);
      haptic('success');
      props.onSaved();
    } catch (e) {
      haptic('error');
      setError(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(false);
    }
  };

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
          <li key={i} className={`designer-position${i === selected ? ' is-selected' : ''}`} data-testid="designer-position">
            <button
              type="button"
              className="designer-number"
              aria-label={`Выбрать позицию ${i + 1}`}
              aria-pressed={i === selected}
              onClick={() => setSelected(i)}
            >
              {i + 1}
            </button>
            <input
              className="input"
              aria-label={`Название позиции ${i + 1}`}
              maxLength={CUSTOM_POSITION_NAME_MAX}
              value={p.name}
              placeholder="Например, Что мешает"
              onFocus={() => setSelected(i)}
              onChange={(e) => patch(i, { name: e.target.value })}
              data-testid="position-name"
            />
            <select
              className="input"
              aria-label={`Роль позиции ${i + 1}`}
              value={p.role ?? ''}
              onChange={(e) => patch(i, { role: (e.target.value || null) as CustomRole | null })}
              data-testid="position-role"
            >
              <option value="">Без роли — «карта о…»</option>
              {CUSTOM_ROLES.map((r) => (
                <option key={r.role} value={r.role}>
                  {r.label}
                </option>
              ))}
            </select>
            <button type="button" className="link-button is-danger" onClick={() => remove(i)} aria-label={`Убрать позицию ${i + 1}`}>
              Убрать
            </button>
          </li>
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
