// The designer's state: the name, the positions and the selected one; adding puts a position in the first free
// cell, a tap on a cell moves the selected position there (or selects the one already there).
import { useState } from 'react';
import { CUSTOM_GRID, CUSTOM_POSITIONS, type CustomPosition } from '../../../domain/tarot/custom-spreads';
import { ApiError } from '../api';
import { haptic } from '../telegram/bridge';
import { createSpread, type MySpread, updateSpread } from './spreads-api';

function freeCell(positions: CustomPosition[]): { x: number; y: number } | null {
  for (let y = 0; y < CUSTOM_GRID.rows; y++)
    for (let x = 0; x < CUSTOM_GRID.cols; x++) if (!positions.some((p) => p.x === x && p.y === y)) return { x, y };
  return null;
}

export function useSpreadDesigner(spread: MySpread | null, onSaved: () => void) {
  const [name, setName] = useState(spread?.name ?? '');
  const [positions, setPositions] = useState<CustomPosition[]>(spread?.positions ?? []);
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
      if (spread) await updateSpread(spread.id, d);
      else await createSpread(d);
      haptic('success');
      onSaved();
    } catch (e) {
      haptic('error');
      setError(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(false);
    }
  };

  return { name, setName, positions, selected, setSelected, error, busy, patch, add, place, remove, save };
}
