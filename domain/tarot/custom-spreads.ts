// «Свои расклады»: a spread a VIP designs — 2..10 positions, each with a name and an optional role from the
// catalogue's roles, placed on a grid of cells — and keeps (at most CUSTOM_SPREADS_LIMIT). The server checks a
// design with `checkCustomSpread` (the editor shows the same messages); a reading keeps the design as it was
// (`CustomSpreadSnapshot`) so the archive reads the same after an edit.
import type { PositionRole } from '../types';

export const CUSTOM_SPREAD_TYPE = 'custom';
export const CUSTOM_SPREADS_LIMIT = 10;
export const CUSTOM_POSITIONS = { min: 2, max: 10 } as const;
export const CUSTOM_NAME_MAX = 40;
export const CUSTOM_POSITION_NAME_MAX = 40;
/** The editor's grid: columns × rows; a position takes one cell, no two the same. */
export const CUSTOM_GRID = { cols: 5, rows: 4 } as const;

/** The roles a position may take (the month and year roles belong to the year forecast alone). */
export const CUSTOM_ROLES = [
  { role: 'present', label: 'Настоящее' },
  { role: 'past', label: 'Прошлое' },
  { role: 'future', label: 'Будущее' },
  { role: 'obstacle', label: 'Препятствие' },
  { role: 'release', label: 'Что отпустить' },
  { role: 'advice', label: 'Совет' },
  { role: 'self', label: 'Вы сами' },
  { role: 'body', label: 'Тело' },
  { role: 'mind', label: 'Мысли' },
  { role: 'partner', label: 'Другой человек' },
  { role: 'surroundings', label: 'Окружение' },
  { role: 'lesson', label: 'Урок' },
  { role: 'hopes', label: 'Надежды и страхи' },
  { role: 'outcome', label: 'Итог' },
] as const satisfies readonly { role: PositionRole; label: string }[];
export type CustomRole = (typeof CUSTOM_ROLES)[number]['role'];
const ROLE_SET = new Set<string>(CUSTOM_ROLES.map((r) => r.role));

export interface CustomPosition {
  name: string;
  /** Null: the card is read as «карта о …» with the position's name. */
  role: CustomRole | null;
  x: number;
  y: number;
}

export interface CustomSpreadDesign {
  name: string;
  positions: CustomPosition[];
}

/** What a reading keeps of the spread it was laid in. */
export interface CustomSpreadSnapshot extends CustomSpreadDesign {
  id: number;
}

const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');

/** The design as stored (names trimmed), or the first problem as `field: message` in Russian. */
export function checkCustomSpread(input: {
  name?: unknown;
  positions?: unknown;
}): { ok: true; design: CustomSpreadDesign } | { ok: false; error: string } {
  const fail = (error: string) => ({ ok: false as const, error });
  const name = clean(input.name);
  if (!name) return fail('name: укажите название расклада');
  if (name.length > CUSTOM_NAME_MAX) return fail(`name: название не длиннее ${CUSTOM_NAME_MAX} символов`);
  if (!Array.isArray(input.positions)) return fail('positions: ожидается список позиций');
  const { min, max } = CUSTOM_POSITIONS;
  if (input.positions.length < min || input.positions.length > max) return fail(`positions: в раскладе от ${min} до ${max} позиций`);
  const cells = new Set<string>();
  const positions: CustomPosition[] = [];
  for (const [i, raw] of (input.positions as unknown[]).entries()) {
    const p = (raw ?? {}) as Record<string, unknown>;
    const at = `positions.${i}`;
    const pname = clean(p.name);
    if (!pname) return fail(`${at}.name: назовите позицию ${i + 1}`);
    if (pname.length > CUSTOM_POSITION_NAME_MAX)
      return fail(`${at}.name: название позиции не длиннее ${CUSTOM_POSITION_NAME_MAX} символов`);
    const role = p.role ?? null;
    if (role !== null && (typeof role !== 'string' || !ROLE_SET.has(role)))
      return fail(`${at}.role: выберите роль из списка или оставьте без роли`);
    const { x, y } = p;
    if (!Number.isInteger(x) || (x as number) < 0 || (x as number) >= CUSTOM_GRID.cols)
      return fail(`${at}.x: столбец от 1 до ${CUSTOM_GRID.cols}`);
    if (!Number.isInteger(y) || (y as number) < 0 || (y as number) >= CUSTOM_GRID.rows)
      return fail(`${at}.y: строка от 1 до ${CUSTOM_GRID.rows}`);
    const cell = `${x}:${y}`;
    if (cells.has(cell)) return fail(`${at}: в этой клетке уже лежит другая карта`);
    cells.add(cell);
    positions.push({ name: pname, role: role as CustomRole | null, x: x as number, y: y as number });
  }
  return { ok: true, design: { name, positions } };
}

/** How a position reads its card in the card-based text when it has no role: «карта о …» with its name. */
export const positionAbout = (name: string) => `карта о «${name}»`;
