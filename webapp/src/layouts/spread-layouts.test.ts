// The spread layouts' geometry: every spread (and the year's 13 cards) fits a 390 px phone with room for
// the answer button, no card covers another except the Celtic cross's card 2 lying across card 1.
import { describe, expect, it } from 'vitest';
import { getSpread, SPREADS } from '../../../domain/tarot/spreads';
import { SPREAD_TYPES, type SpreadType } from '../../../domain/types';
import { badgeOf, fitLayout, SPREAD_LOOKS, spreadLayout, type PlacedLayout } from './spread-layouts';

const PHONE = { maxWidth: 390 - 32, maxHeight: 844 - 320, captionHeight: 46 };
const ASPECTS = { rws: 600 / 350, drawn: 270 / 180 };

/** Each card's outline with its caption (when the layout has captions). */
function outlines(p: PlacedLayout, captions: number) {
  return p.slots.map((s) => {
    const w = s.across ? s.height : s.width;
    const h = s.across ? s.width : s.height;
    const x1 = s.left + s.width / 2 - w / 2;
    const y1 = s.top + s.height / 2 - h / 2;
    return { x1, y1, x2: x1 + w, y2: y1 + h + captions };
  });
}
const overlap = (a: ReturnType<typeof outlines>[number], b: ReturnType<typeof outlines>[number]) =>
  a.x1 < b.x2 - 0.5 && b.x1 < a.x2 - 0.5 && a.y1 < b.y2 - 0.5 && b.y1 < a.y2 - 0.5;

const cases = [...SPREADS.map((s) => ({ id: s.id, count: s.cards })), { id: 'year_forecast', count: 13 }];

describe('spread layouts', () => {
  for (const { id, count } of cases) {
    for (const [deck, aspect] of Object.entries(ASPECTS)) {
      it(`${id} (${count} cards, ${deck} deck) fits a 390 px phone without covering cards`, () => {
        const layout = spreadLayout(id, count);
        expect(layout.slots).toHaveLength(count);
        const p = fitLayout(layout, { ...PHONE, aspect });
        expect(p.width).toBeLessThanOrEqual(PHONE.maxWidth);
        expect(p.height).toBeLessThanOrEqual(PHONE.maxHeight);
        expect(p.cardWidth).toBeGreaterThanOrEqual(44);
        const boxes = outlines(p, layout.captions ? PHONE.captionHeight : 0);
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const crossing = layout.slots[i].across || layout.slots[j].across;
            if (crossing) continue;
            expect(overlap(boxes[i], boxes[j]), `${id}: cards ${i + 1} and ${j + 1} overlap`).toBe(false);
          }
        }
        for (const b of boxes) {
          expect(b.x1).toBeGreaterThanOrEqual(0);
          expect(b.x2).toBeLessThanOrEqual(p.width + 0.5);
          expect(b.y2).toBeLessThanOrEqual(p.height + 0.5);
        }
      });
    }
  }

  it('three-card spreads lie in a row; the career spread is a diamond', () => {
    for (const id of ['free_daily', 'past_present_future']) {
      const l = spreadLayout(id, 3);
      expect(l.kind).toBe('row');
      expect(new Set(l.slots.map((s) => s.y)).size).toBe(1);
    }
    const d = spreadLayout('career_finance', 4).slots;
    expect(spreadLayout('career_finance', 4).kind).toBe('diamond');
    // Left and right on the middle line, the other two above and below it.
    expect(d[0].y).toBe(d[3].y);
    expect(d[1].y).toBeLessThan(d[0].y);
    expect(d[2].y).toBeGreaterThan(d[0].y);
    expect(d[0].x).toBeLessThan(d[1].x);
    expect(d[3].x).toBeGreaterThan(d[1].x);
  });

  it('the Celtic cross: card 2 lies across card 1, 3–6 around them, the staff 7–10 beside the cross from the bottom up', () => {
    const l = spreadLayout('celtic_cross', 10);
    const p = fitLayout(l, { ...PHONE, aspect: ASPECTS.rws });
    const [c1, c2, c3, c4, c5, c6, ...staff] = p.slots;
    const centre = (s: (typeof p.slots)[number]) => ({ x: s.left + s.width / 2, y: s.top + s.height / 2 });
    expect(c2.across).toBe(true);
    expect(centre(c2).x).toBeCloseTo(centre(c1).x, 0);
    expect(centre(c2).y).toBeCloseTo(centre(c1).y, 0);
    expect(centre(c3).y).toBeGreaterThan(centre(c1).y); // below
    expect(centre(c4).x).toBeLessThan(centre(c1).x); // left
    expect(centre(c5).y).toBeLessThan(centre(c1).y); // above
    expect(centre(c6).x).toBeGreaterThan(centre(c1).x); // right
    const xs = new Set(staff.map((s) => s.left));
    expect(xs.size).toBe(1);
    expect([...xs][0]).toBeGreaterThan(c6.left + c6.width);
    const ys = staff.map((s) => s.top);
    expect(ys).toEqual([...ys].sort((a, b) => b - a)); // 7 at the bottom … 10 at the top
  });

  it('the spiritual spread is a cross of five around the soul card', () => {
    const s = spreadLayout('spiritual_guidance', 5).slots;
    expect(s[1]).toMatchObject({ x: s[0].x });
    expect(s[4]).toMatchObject({ x: s[0].x });
    expect(s[2]).toMatchObject({ y: s[0].y });
    expect(s[3]).toMatchObject({ y: s[0].y });
    expect(s[1].y).toBeLessThan(s[0].y);
    expect(s[4].y).toBeGreaterThan(s[0].y);
  });

  it('the year forecast: the year card in the centre, twelve months clockwise from the top around it', () => {
    const l = spreadLayout('year_forecast', 13);
    expect(l.kind).toBe('wheel');
    const [year, ...months] = l.slots;
    expect(year).toMatchObject({ x: 0, y: 0 });
    expect(months).toHaveLength(12);
    expect(months[0].x).toBeCloseTo(0);
    expect(months[0].y).toBeLessThan(0); // January at the top
    expect(months[3].x).toBeGreaterThan(0); // April on the right: clockwise
    expect(months[6].y).toBeGreaterThan(0); // July at the bottom
    expect(months[9].x).toBeLessThan(0); // October on the left
    expect(badgeOf(l, 0)).toBe('Год');
    expect(badgeOf(l, 1)).toBe('1');
    expect(badgeOf(l, 12)).toBe('12');
    expect(badgeOf(spreadLayout('celtic_cross', 10), 9)).toBe('10');
  });

  it('an unknown spread falls back to rows', () => {
    expect(spreadLayout('something_new', 6).kind).toBe('grid');
  });
});

/** True only for a table keyed by exactly the spread types (a Record<string, …> or a missing type is false). */
type KeyedBySpreadType<T> = [keyof T] extends [SpreadType] ? ([SpreadType] extends [keyof T] ? true : false) : false;

describe('every SpreadType has its look', () => {
  it('SPREAD_LOOKS is keyed by SpreadType (checked by the compiler)', () => {
    const keyed: KeyedBySpreadType<typeof SPREAD_LOOKS> = true;
    // @ts-expect-error a table keyed by plain strings is not
    const loose: KeyedBySpreadType<Record<string, unknown>> = true;
    // @ts-expect-error nor one missing a spread
    const partial: KeyedBySpreadType<Record<Exclude<SpreadType, 'year_forecast'>, unknown>> = true;
    expect([keyed, loose, partial]).toEqual([true, true, true]);
  });

  it.each(SPREAD_TYPES.map((id) => [id]))('%s: an icon, and a layout of its own for all its cards', (id) => {
    const look = SPREAD_LOOKS[id];
    expect(look, id).toBeDefined();
    expect(look.icon).toMatch(/^[a-z]+$/);
    const n = getSpread(id)!.cards;
    const layout = look.layout(n);
    expect(layout, `${id}: no layout for ${n} cards`).not.toBeNull();
    expect(layout!.slots).toHaveLength(n);
    expect(spreadLayout(id, n)).toEqual(layout);
  });
});
