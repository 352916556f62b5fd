// The section headings of a reading: the spread's outline, except that a heading about one part of life (the
// love spread's feelings, partner and couple, the career spread's career and money) follows the question when
// it asks about another — a driving test asked in the love spread reads «Ваш настрой», «Другая сторона»,
// «Перспективы», not «Чувства партнёра». A question of no particular part of life keeps the spread's own.
import type { Area } from './question';

interface Renamed {
  /** The parts of life the heading belongs to: asked about one of them, it stays. */
  keep: readonly Area[];
  /** Its name for a part of life that has its own. */
  as?: Partial<Record<Area, string>>;
  /** Its neutral name for every other. */
  other: string;
}

const RENAMED: Record<string, Renamed> = {
  'Ваши чувства': { keep: ['love'], other: 'Ваш настрой' },
  'Чувства партнёра': {
    keep: ['love'],
    as: { family: 'Чувства близкого человека', friendship: 'Чувства близкого человека' },
    other: 'Другая сторона',
  },
  'Перспективы отношений': { keep: ['love'], other: 'Перспективы' },
  Карьера: { keep: ['work', 'money'], as: { study: 'Учёба' }, other: 'Положение дел' },
  Финансы: { keep: ['work', 'money'], other: 'Итог и возможности' },
};

/** The heading a reading for a question of this part of life goes under. */
export function headingFor(heading: string, area: Area): string {
  const r = RENAMED[heading];
  if (!r || area === 'general' || r.keep.includes(area)) return heading;
  return r.as?.[area] ?? r.other;
}

/** The outline with each heading named for the question's part of life. */
export const askedOutline = (outline: readonly string[], area: Area): string[] => outline.map((h) => headingFor(h, area));
