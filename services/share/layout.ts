// Where each card lies in the share picture: a row (or two) for small spreads, the classic cross and staff for
// a spread whose catalogue entry lays it as the Celtic cross (all ten cards turned). Pure arithmetic in
// picture pixels.

export interface Slot {
  x: number;
  y: number;
  w: number;
  h: number;
  /** The crossing card of the Celtic cross lies across the first. */
  across?: boolean;
  /**
   * Where the card's name goes: under the card, or to its right (the Celtic cross's staff, where there is room
   * beside it and none to spare below). The crossing card's name goes under the first card's name.
   */
  label: 'below' | 'right' | null;
  /** The crossing card's name: this far below the card, under the first card's name (the room is kept free). */
  labelDy?: number;
  /** How wide the name may be: under a card a little over the card, so that neighbouring names keep apart. */
  labelW: number;
}

const RATIO = 600 / 350;

/** Lays `n` cards inside the box, as large as fits, names under them; `cross`: the Celtic cross when ten. */
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
      label: 'below',
      labelW: w + gap * 0.4,
    });
  }
  return slots;
}

/**
 * Positions 1–6 as the cross (2 across 1), 7–10 as the staff on the right, bottom to top. The cross's side
 * cards stand clear of the crossing card, which is a card's height wide. The staff's names go under its
 * cards, or beside them when that leaves the cards larger (a short box: a question on the picture).
 */
function celticCross(box: { x: number; y: number; w: number; h: number }, labelH: number): Slot[] {
  const gap = Math.round(box.w * 0.02);
  const STAFF_LABEL = 1.05; // the staff's names beside it: two lines at most, after a tenth of a card
  // Across: side card, the crossing card's overhang, the centre card, overhang, side card, the staff (and
  // its names if beside). Down: the cross is three cards and four names high (the middle row names the
  // first card and the crossing one); the staff four cards (and their names if under).
  const across = (extra: number) => (box.w - gap * 4) / (4 + (RATIO - 1) + extra);
  const crossDown = (box.h - 4 * labelH - 2 * gap) / (3 * RATIO);
  const namesUnder = Math.min(across(1), crossDown, (box.h - 4 * labelH - 3 * gap) / (4 * RATIO));
  const namesBeside = Math.min(across(1 + STAFF_LABEL), crossDown, (box.h - 3 * gap) / (4 * RATIO));
  const beside = namesBeside > namesUnder;
  const w = Math.max(namesUnder, namesBeside);
  const h = w * RATIO;
  const sideGap = (h - w) / 2 + gap / 2;
  const crossW = 3 * w + 2 * sideGap;
  const left = box.x + (box.w - (crossW + gap * 3 + w + (beside ? w * STAFF_LABEL : 0))) / 2;
  const cellH = h + labelH;
  const crossTop = box.y + (box.h - (3 * cellH + labelH + 2 * gap)) / 2;
  const cx = left + w + sideGap;
  const cy = crossTop + cellH + gap;
  const staffLeft = left + crossW + gap * 2;
  const staffStep = beside ? h + gap : cellH + gap;
  const staffTop = box.y + (box.h - (4 * staffStep - gap)) / 2;
  const below = { label: 'below' as const, labelW: w + gap * 0.4 };
  const staffLabel = beside ? { label: 'right' as const, labelW: w * (STAFF_LABEL - 0.1) } : below;
  return [
    { x: cx, y: cy, w, h, ...below },
    { x: cx, y: cy, w, h, across: true, ...below, labelDy: labelH },
    { x: cx, y: cy + cellH + labelH + gap, w, h, ...below },
    { x: left, y: cy, w, h, ...below },
    { x: cx, y: crossTop, w, h, ...below },
    { x: cx + w + sideGap, y: cy, w, h, ...below },
    ...[3, 2, 1, 0].map((k) => ({ x: staffLeft, y: staffTop + k * staffStep, w, h, ...staffLabel })),
  ];
}
