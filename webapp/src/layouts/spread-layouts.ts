// What only the web app draws of each spread, keyed by SpreadType (the rest is domain/tarot/spreads.ts): its icon,
// and how it lies on the table, as readers lay it out: three in a row, the career diamond, the cross of
// five, the Celtic cross (card 2 across card 1, the staff of four beside it), the year's wheel of twelve
// months around the year's card. Pure, so the geometry is tested without a browser.
import { isSpreadType } from '../../../domain/types';
import type { SpreadType } from '../../../domain/types';
import type { IconName } from '../components/icon-paths';

export interface LayoutSlot {
  /** Centre, in card widths. */
  x: number;
  /** Centre, in rows (a card's height, plus its caption when the layout has captions). */
  y: number;
  /** Lies across the card under it (the Celtic cross's card 2). */
  across?: boolean;
  /** Drawn larger than the others (the year's card). */
  scale?: number;
}

export interface SpreadLayout {
  kind: 'row' | 'triangle' | 'triangle-down' | 'diamond' | 'cross' | 'celtic-cross' | 'wheel' | 'grid';
  slots: LayoutSlot[];
  /** Position and card name printed under each card; otherwise numbered cards and a list under the table. */
  captions: boolean;
  /** The widest a card gets in this layout (px). */
  maxCardWidth: number;
  /** Captions as wide as this many cards, where the places stand far enough apart (longer position names). */
  captionWidth?: number;
  /** What each card's number badge says, when not its 1-based place (the year: «Год», then months 1–12). */
  badges?: string[];
}

const row = (n: number): LayoutSlot[] => Array.from({ length: n }, (_, i) => ({ x: i * 1.12, y: 0 }));

/** Twelve months clockwise from the top around the year's card. */
function wheel(): LayoutSlot[] {
  const slots: LayoutSlot[] = [{ x: 0, y: 0, scale: 1.2 }];
  for (let m = 0; m < 12; m++) {
    const a = ((-90 + m * 30) * Math.PI) / 180;
    slots.push({ x: 3.05 * Math.cos(a), y: 2.22 * Math.sin(a) });
  }
  return slots;
}

/** Rows of up to four for a spread without a known layout. */
function grid(n: number): LayoutSlot[] {
  const perRow = n <= 4 ? n : n <= 6 ? 3 : 4;
  return Array.from({ length: n }, (_, i) => ({ x: (i % perRow) * 1.12, y: Math.floor(i / perRow) * 1.08 }));
}

interface SpreadLook {
  /** Its line icon (components/Icon.tsx) in the menu, the archive and the question screen. */
  icon: IconName;
  /** Its layout on the table for `n` cards; null: a count it was not drawn for (it lies in rows). */
  layout: (n: number) => SpreadLayout | null;
}

/** Every spread's look: a new spread fails the type check until it has one. */
export const SPREAD_LOOKS: Record<SpreadType, SpreadLook> = {
  // Readings for two: each of you on the top row, what binds and divides you, then advice and outlook. The
  // two columns stand apart so «Что нас связывает» and «Перспектива» are read whole under their cards.
  pair_reading: {
    icon: 'heart',
    layout: (n) =>
      n === 6
        ? {
            kind: 'grid',
            slots: [
              { x: 0, y: 0 },
              { x: 2, y: 0 },
              { x: 0, y: 1.06 },
              { x: 2, y: 1.06 },
              { x: 0, y: 2.12 },
              { x: 2, y: 2.12 },
            ],
            captions: true,
            captionWidth: 1.9,
            maxCardWidth: 96,
          }
        : null,
  },
  free_daily: {
    icon: 'sun',
    layout: (n) => (n === 3 ? { kind: 'row', slots: row(3), captions: true, maxCardWidth: 108 } : null),
  },
  past_present_future: {
    icon: 'hourglass',
    layout: (n) => (n === 3 ? { kind: 'row', slots: row(3), captions: true, maxCardWidth: 108 } : null),
  },
  // You and your partner side by side, what lies ahead between and below you.
  love_relationship: {
    icon: 'heart',
    layout: (n) =>
      n === 3
        ? {
            kind: 'triangle-down',
            slots: [
              { x: 0, y: 0 },
              { x: 1.2, y: 0 },
              { x: 0.6, y: 1.06 },
            ],
            captions: true,
            maxCardWidth: 104,
          }
        : null,
  },
  // Body and mind at the base, the way to harmony above them.
  health_wellbeing: {
    icon: 'leaf',
    layout: (n) =>
      n === 3
        ? {
            kind: 'triangle',
            slots: [
              { x: 0, y: 1.06 },
              { x: 1.2, y: 1.06 },
              { x: 0.6, y: 0 },
            ],
            captions: true,
            maxCardWidth: 104,
          }
        : null,
  },
  // A diamond read left to right: where you stand → obstacles above, opportunities below → the outcome.
  career_finance: {
    icon: 'briefcase',
    layout: (n) =>
      n === 4
        ? {
            kind: 'diamond',
            slots: [
              { x: 0, y: 0.53 },
              { x: 1.12, y: 0 },
              { x: 1.12, y: 1.06 },
              { x: 2.24, y: 0.53 },
            ],
            captions: true,
            maxCardWidth: 100,
          }
        : null,
  },
  // A cross of five: the soul in the centre, the lesson above, let go on the left, accept on the right,
  // the message below.
  spiritual_guidance: {
    icon: 'eye',
    layout: (n) =>
      n === 5
        ? {
            kind: 'cross',
            slots: [
              { x: 1.12, y: 1.08 },
              { x: 1.12, y: 0 },
              { x: 0, y: 1.08 },
              { x: 2.24, y: 1.08 },
              { x: 1.12, y: 2.16 },
            ],
            captions: false,
            maxCardWidth: 96,
          }
        : null,
  },
  // 1 the heart, 2 across it, 3 below, 4 on the left (the past), 5 above, 6 on the right (the future);
  // the staff 7–10 beside the cross, from the bottom up.
  celtic_cross: {
    icon: 'cross',
    layout: (n) =>
      n === 10
        ? {
            kind: 'celtic-cross',
            slots: [
              { x: 1.5, y: 1.56 },
              { x: 1.5, y: 1.56, across: true },
              { x: 1.5, y: 2.66 },
              { x: 0, y: 1.56 },
              { x: 1.5, y: 0.46 },
              { x: 3, y: 1.56 },
              { x: 4.35, y: 3.12 },
              { x: 4.35, y: 2.08 },
              { x: 4.35, y: 1.04 },
              { x: 4.35, y: 0 },
            ],
            captions: false,
            maxCardWidth: 80,
          }
        : null,
  },
  year_forecast: {
    icon: 'calendar',
    layout: (n) =>
      n === 13
        ? {
            kind: 'wheel',
            slots: wheel(),
            captions: false,
            maxCardWidth: 70,
            badges: ['Год', ...Array.from({ length: 12 }, (_, m) => String(m + 1))],
          }
        : null,
  },
};

/** The badge of card `i` (0-based) in a layout. */
export const badgeOf = (layout: SpreadLayout, i: number): string => layout.badges?.[i] ?? String(i + 1);

/** The layout of a spread with `count` cards; a spread it does not know lies in rows. */
export function spreadLayout(spreadId: string, count: number): SpreadLayout {
  const known = isSpreadType(spreadId) ? SPREAD_LOOKS[spreadId].layout(count) : null;
  if (known) return known;
  return { kind: count <= 4 ? 'row' : 'grid', slots: grid(count), captions: count <= 4, maxCardWidth: count <= 3 ? 108 : 80 };
}

export interface PlacedSlot {
  /** The card's box before any turn (px, from the table's top left); an across card is turned 90° about its centre. */
  left: number;
  top: number;
  /** The card's own width and height (before it is turned). */
  width: number;
  height: number;
  across: boolean;
}

export interface PlacedLayout {
  width: number;
  height: number;
  cardWidth: number;
  slots: PlacedSlot[];
}

export interface FitOptions {
  /** Card height / width of the deck. */
  aspect: number;
  maxWidth: number;
  maxHeight: number;
  /** Room under each card for its caption (px) in layouts with captions. */
  captionHeight: number;
}

function place(layout: SpreadLayout, w: number, o: FitOptions): PlacedLayout {
  const h = w * o.aspect;
  const rowH = h + (layout.captions ? o.captionHeight : 0);
  const boxes = layout.slots.map((s) => {
    const k = s.scale ?? 1;
    const cw = w * k;
    const ch = h * k;
    const cx = s.x * w;
    // A captioned card sits at the top of its row cell, its caption under it.
    const cy = s.y * rowH + (layout.captions ? -o.captionHeight / 2 : 0);
    const outW = s.across ? ch : cw;
    const outH = s.across ? cw : ch;
    return { cx, cy, outW, outH, width: cw, height: ch, across: !!s.across, extra: layout.captions ? o.captionHeight : 0 };
  });
  const minX = Math.min(...boxes.map((b) => b.cx - b.outW / 2));
  const minY = Math.min(...boxes.map((b) => b.cy - b.outH / 2));
  const maxX = Math.max(...boxes.map((b) => b.cx + b.outW / 2));
  const maxY = Math.max(...boxes.map((b) => b.cy + b.outH / 2 + b.extra));
  return {
    width: Math.ceil(maxX - minX),
    height: Math.ceil(maxY - minY),
    cardWidth: w,
    slots: boxes.map((b) => {
      const width = Math.round(b.width);
      const height = Math.round(b.height);
      return { left: Math.round(b.cx - minX - width / 2), top: Math.round(b.cy - minY - height / 2), width, height, across: b.across };
    }),
  };
}

/** The layout at the largest card width (whole px, up to the layout's maximum) that fits the room. */
export function fitLayout(layout: SpreadLayout, o: FitOptions): PlacedLayout {
  let best = place(layout, 24, o);
  for (let w = 25; w <= layout.maxCardWidth; w++) {
    const p = place(layout, w, o);
    if (p.width > o.maxWidth || p.height > o.maxHeight) break;
    best = p;
  }
  return best;
}
