// The Celtic cross on the story picture: the crossing card clear of the cross's side cards, every card named
// (the crossing one under the first's name), no card or name over another, everything inside its box, with the question on the picture (a short box) and without it.
import { describe, expect, it } from 'vitest';
import { layoutCards, type Slot } from './layout';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
const LABEL_H = 80;
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (a: Rect, box: Rect) => a.x >= box.x && a.y >= box.y && a.x + a.w <= box.x + box.w && a.y + a.h <= box.y + box.h;

/** What a slot covers on the picture: the card (the crossing one turned), and its name's area. */
function card(s: Slot): Rect {
  return s.across ? { x: s.x + s.w / 2 - s.h / 2, y: s.y + s.h / 2 - s.w / 2, w: s.h, h: s.w } : { x: s.x, y: s.y, w: s.w, h: s.h };
}
function name(s: Slot): Rect | null {
  if (s.label === 'below') return { x: s.x + s.w / 2 - s.labelW / 2, y: s.y + s.h + (s.labelDy ?? 0), w: s.labelW, h: LABEL_H };
  if (s.label === 'right') return { x: s.x + s.w * 1.1, y: s.y, w: s.labelW, h: s.h };
  return null;
}

describe('share picture: the Celtic cross', () => {
  it.each([
    ['without the question', { x: 72, y: 304, w: 936, h: 1348 }],
    ['with a three-line question', { x: 72, y: 484, w: 936, h: 1168 }],
  ])('lies clear and inside its box %s', (_, box) => {
    const slots = layoutCards(10, box, LABEL_H);
    expect(slots.filter((s) => s.across)).toHaveLength(1);
    // Every card is named, the crossing one too (under the first card's name).
    expect(slots.filter((s) => s.label)).toHaveLength(10);
    // As large as the older layout allowed (it let the crossing card cover the side cards' edges).
    expect(slots[0].w).toBeGreaterThanOrEqual(Math.floor((box.h - 4 * LABEL_H - 3 * 19) / (4 * (600 / 350))));
    slots.forEach((s, i) => {
      expect(inside(card(s), box), `card ${i + 1} inside`).toBe(true);
      const n = name(s);
      // A name under a card may reach a little past the card's edges (a fifth of a gap), so past the box's.
      if (n) expect(inside(n, { ...box, x: box.x - 19, w: box.w + 38 }), `name ${i + 1} inside`).toBe(true);
      slots.forEach((t, j) => {
        if (j === i) return;
        // The crossing card lies on the first, and on nothing else.
        if (!((i === 0 && j === 1) || (i === 1 && j === 0)))
          expect(overlaps(card(s), card(t)), `card ${i + 1} over card ${j + 1}`).toBe(false);
        if (n) expect(overlaps(n, card(t)), `name ${i + 1} over card ${j + 1}`).toBe(false);
        const m = name(t);
        if (n && m) expect(overlaps(n, m), `name ${i + 1} over name ${j + 1}`).toBe(false);
      });
    });
  });
});
