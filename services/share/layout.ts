// Where each card lies in the share picture: a row (or two) for small spreads, the classic cross and staff for
// the ten-card Celtic cross. Pure arithmetic in picture pixels.

export interface Slot {
  x: number;
  y: number;
  w: number;
  h: number;
  /** The crossing card of the Celtic cross lies across the first. */
  across?: boolean;
  /** Where the card's name goes: under the card, or not at all (the crossing card's name would hide the first's). */
  label: boolean;
  /** How wide the name under the card may be: a little over the card, so that neighbouring names keep apart. */
  labelW: number;
}

const RATIO = 600 / 350;

/** Lays `n` cards inside the box, as large as fits, names under them. */
export function layoutCards(n: number, box: { x: number; y: number; w: number; h: number }, labelH: number, cross = true): Slot[] {
  if (n === 10 && cross) return celticCross(box, labelH);
  const rows = n <= 3 ? 1 : box.h > box.w ? Math.ceil(n / 2) : n <= 5 ? 1 : 2;
  const perRow = Math.ceil(n / rows);
  const gap = Math.round(box.w * 0.03);
  const w = Math.min((box.w - gap * (perRow - 1)) / perRow, ((box.h - gap * (rows - 1)) / rows - labelH) / RATIO);
  const h = w * RATIO;
  const slots: Slot[] = [];
  const totalH = rows * (h + labelH) + (rows - 1) * gap;
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const rowW = inRow * w + (inRow - 1) * gap;
    const col = i - row * perRow;
    slots.push({
      x: box.x + (box.w - rowW) / 2 + col * (w + gap),
      y: box.y + (box.h - totalH) / 2 + row * (h + labelH + gap),
      w,
      h,
      label: true,
      labelW: w + gap * 0.4,
    });
  }
  return slots;
}

/** Positions 1–6 as the cross (2 across 1), 7–10 as the staff on the right, bottom to top. */
function celticCross(box: { x: number; y: number; w: number; h: number }, labelH: number): Slot[] {
  const gap = Math.round(box.w * 0.02);
  // The cross is three cards wide and three high; the staff one card wide and four high.
  const w = Math.min((box.w - gap * 4) / 4, (box.h - 4 * labelH - 3 * gap) / (4 * RATIO));
  const h = w * RATIO;
  const crossW = 3 * w + 2 * gap;
  const left = box.x + (box.w - (crossW + gap * 2 + w)) / 2;
  const cellH = h + labelH;
  const crossTop = box.y + (box.h - (3 * cellH + 2 * gap)) / 2;
  const cx = left + w + gap;
  const cy = crossTop + cellH + gap;
  const staffLeft = left + crossW + gap * 2;
  const staffTop = box.y + (box.h - (4 * cellH + 3 * gap)) / 2;
  const labelW = w + gap * 0.4;
  return [
    { x: cx, y: cy, w, h, label: true, labelW },
    { x: cx, y: cy, w, h, across: true, label: false, labelW },
    { x: cx, y: cy + cellH + gap, w, h, label: true, labelW },
    { x: left, y: cy, w, h, label: true, labelW },
    { x: cx, y: crossTop, w, h, label: true, labelW },
    { x: cx + w + gap, y: cy, w, h, label: true, labelW },
    ...[3, 2, 1, 0].map((k) => ({ x: staffLeft, y: staffTop + k * (cellH + gap), w, h, label: true, labelW })),
  ];
}
