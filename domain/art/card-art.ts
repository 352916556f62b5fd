// domain/art/: the procedural SVG art of the cards, drawn from the deck's data.
//
// Procedural tarot card art: every card face and the card back are drawn as
// small standalone SVG documents. Pure TypeScript, no dependencies, no I/O.
//
// All cards share one 180×270 viewBox (aspect 2:3) and scale to the display
// sizes 80×120, 110×170 and 180×270. Each card carries its own background
// panel and border, so it reads on light and on dark Telegram themes alike.
// Every id inside an SVG is prefixed per card (`c-<card id>-…`, the back uses
// `card-back-…`), so several inline SVGs on one page never clash.

import { romanNumeral } from '../text/roman';
import type { TarotCard } from '../types';

export type CardArtInput = Pick<TarotCard, 'id' | 'suit' | 'rank' | 'name'>;

/** Style for a reversed card: the consumer rotates the upright picture. */
export const REVERSED_STYLE = { transform: 'rotate(180deg)' } as const;

const FONT = "Georgia, 'Times New Roman', serif";

/* ------------------------------------------------------------------ utils */

/** Escapes XML special characters for text content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&apos;',
  );
}

/** The id prefix used inside a card's SVG (`c-<slug>-`). */
export function artIdPrefix(cardId: string): string {
  const slug = cardId.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return `c-${slug || 'card'}-`;
}

const r1 = (n: number): string => String(Math.round(n * 10) / 10);

/** Star polygon path: n points, outer radius R, inner radius r. */
function starD(cx: number, cy: number, R: number, r: number, n: number, rot = -90): string {
  let d = '';
  for (let i = 0; i < n * 2; i++) {
    const a = ((rot + (i * 180) / n) * Math.PI) / 180;
    const rad = i % 2 === 0 ? R : r;
    d += (i === 0 ? 'M' : 'L') + r1(cx + rad * Math.cos(a)) + ' ' + r1(cy + rad * Math.sin(a));
  }
  return d + 'Z';
}

/** n radial line segments from radius a to radius b. */
function raysD(cx: number, cy: number, a: number, b: number, n: number, rot = 0): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = ((rot + (i * 360) / n) * Math.PI) / 180;
    const c = Math.cos(t);
    const s = Math.sin(t);
    d += `M${r1(cx + a * c)} ${r1(cy + a * s)}L${r1(cx + b * c)} ${r1(cy + b * s)}`;
  }
  return d;
}

/** Sunburst of n thin triangles alternating long and short. */
function burstD(cx: number, cy: number, r0: number, long: number, short: number, n: number): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = (i * 2 * Math.PI) / n - Math.PI / 2;
    const w = Math.PI / n / 2.2;
    const L = i % 2 === 0 ? long : short;
    d +=
      `M${r1(cx + r0 * Math.cos(t - w))} ${r1(cy + r0 * Math.sin(t - w))}` +
      `L${r1(cx + L * Math.cos(t))} ${r1(cy + L * Math.sin(t))}` +
      `L${r1(cx + r0 * Math.cos(t + w))} ${r1(cy + r0 * Math.sin(t + w))}Z`;
  }
  return d;
}

/** Crescent with its horns pointing right (rotate for other directions). */
function crescentD(cx: number, cy: number, r: number, k = 1.3): string {
  return `M${r1(cx)} ${r1(cy - r)}A${r1(r)} ${r1(r)} 0 0 0 ${r1(cx)} ${r1(cy + r)}A${r1(r * k)} ${r1(r * k)} 0 0 1 ${r1(cx)} ${r1(cy - r)}Z`;
}

function heartD(cx: number, cy: number, s: number): string {
  const p = (x: number, y: number) => `${r1(cx + x * s)} ${r1(cy + y * s)}`;
  return `M${p(0, 9)}C${p(-13, 0)} ${p(-12, -10)} ${p(-6, -10)}C${p(-2, -10)} ${p(0, -7)} ${p(0, -5)}C${p(0, -7)} ${p(2, -10)} ${p(6, -10)}C${p(12, -10)} ${p(13, 0)} ${p(0, 9)}Z`;
}

/** The mark shown at the top of a minor card: Т, 2..10, Паж, Рыцарь, Королева, Король. */
export function minorRankLabel(rank: number): string {
  if (rank === 1) return 'Т';
  if (rank >= 2 && rank <= 10) return String(rank);
  return ['Паж', 'Рыцарь', 'Королева', 'Король'][rank - 11] ?? String(rank);
}

/* --------------------------------------------------------------- palettes */

interface Palette {
  /** Frame gradient, light → dark. */
  frame: [string, string];
  /** Outer hairline. */
  edge: string;
  /** Field radial gradient, centre → rim. */
  field: [string, string];
  /** Gold lines, numerals, ornaments. */
  gold: string;
  /** Band and cartouche fill. */
  band: string;
  /** Band text. */
  text: string;
  /** Main emblem colour. */
  ink: string;
  /** Secondary emblem colour. */
  ink2: string;
  /** Outline colour on the field. */
  dark: string;
  /** Light accent (highlights, paper). */
  light: string;
}

const PALETTES: Record<TarotCard['suit'], Palette> = {
  major: {
    frame: ['#3a3286', '#17123f'],
    edge: '#c9a54e',
    field: ['#2f2a78', '#110d35'],
    gold: '#e8c35e',
    band: '#120e34',
    text: '#f7ecd2',
    ink: '#e8c35e',
    ink2: '#f7ecd2',
    dark: '#0b0926',
    light: '#f7ecd2',
  },
  cups: {
    frame: ['#2a78b4', '#0f3458'],
    edge: '#b9d6ee',
    field: ['#f4fafd', '#c9e2f1'],
    gold: '#d6a93c',
    band: '#103a60',
    text: '#f2f8fc',
    ink: '#1f63a3',
    ink2: '#6cb6e4',
    dark: '#0c2c4a',
    light: '#e6f4fc',
  },
  pentacles: {
    frame: ['#3a8046', '#163a1f'],
    edge: '#d4c27a',
    field: ['#fbf8e6', '#dfe7c3'],
    gold: '#d7a42b',
    band: '#173d21',
    text: '#fbf6df',
    ink: '#2f6e37',
    ink2: '#8fbf5a',
    dark: '#163019',
    light: '#fdf3c4',
  },
  swords: {
    frame: ['#5d5a96', '#24223f'],
    edge: '#c7c3e3',
    field: ['#f6f5fb', '#d5d3e7'],
    gold: '#c9a44a',
    band: '#26244a',
    text: '#f1f0fa',
    ink: '#5b4496',
    ink2: '#a7afc4',
    dark: '#22203d',
    light: '#eef1f8',
  },
  wands: {
    frame: ['#c0512a', '#5c1d0b'],
    edge: '#f0c08a',
    field: ['#fff7ea', '#f6d6b0'],
    gold: '#dba037',
    band: '#5e1f0c',
    text: '#fff3e2',
    ink: '#b5461c',
    ink2: '#f08a24',
    dark: '#4a1a0a',
    light: '#fff0d6',
  },
};

/* ------------------------------------------------------------ suit symbols */

/** The suit symbol, drawn around (0,0) within roughly ±20. */
function suitSymbol(suit: Exclude<TarotCard['suit'], 'major'>, p: Palette): string {
  switch (suit) {
    case 'cups':
      return (
        `<path d="M-15-15H15C15 0 8 6 0 6S-15 0-15-15Z" fill="${p.ink}" stroke="${p.dark}" stroke-width="1.3"/>` +
        `<ellipse cy="-15" rx="15" ry="3.4" fill="${p.ink2}" stroke="${p.gold}" stroke-width="1.8"/>` +
        `<path d="M-2.3 6h4.6v8h-4.6z" fill="${p.gold}"/><circle cy="9.5" r="2.8" fill="${p.gold}"/>` +
        `<path d="M-11 19Q0 10 11 19Z" fill="${p.gold}" stroke="${p.dark}" stroke-width="1"/>` +
        `<path d="M-10-10Q-10-2-4 2" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2" stroke-linecap="round"/>`
      );
    case 'pentacles':
      return (
        `<circle r="18" fill="${p.gold}" stroke="${p.dark}" stroke-width="1.4"/>` +
        `<circle r="14" fill="${p.light}" stroke="${p.dark}" stroke-width="1"/>` +
        `<path d="${starD(0, 0, 13, 13 * 0.382, 5)}" fill="${p.ink}" stroke="${p.dark}" stroke-width="1" stroke-linejoin="round"/>`
      );
    case 'swords':
      return (
        `<path d="M0-23L5.5-15V8H-5.5V-15Z" fill="${p.ink2}" stroke="${p.dark}" stroke-width="1.3" stroke-linejoin="round"/>` +
        `<path d="M0-16V6" stroke="#fff" stroke-opacity=".85" stroke-width="1.6"/>` +
        `<path d="M-14 8.5Q0 5 14 8.5V13.5Q0 10 -14 13.5Z" fill="${p.gold}" stroke="${p.dark}" stroke-width="1.1" stroke-linejoin="round"/>` +
        `<rect x="-2.8" y="12.5" width="5.6" height="7" fill="${p.ink}" stroke="${p.dark}" stroke-width=".8"/>` +
        `<circle cy="21.5" r="3.6" fill="${p.gold}" stroke="${p.dark}" stroke-width="1.1"/>`
      );
    case 'wands':
      return (
        `<g transform="rotate(15)">` +
        `<path d="M0 21V-18" stroke="${p.dark}" stroke-width="9" stroke-linecap="round"/>` +
        `<path d="M0 21V-18" stroke="#a4622c" stroke-width="6" stroke-linecap="round"/>` +
        `<path d="M-1-15V18" stroke="#d39a5a" stroke-width="1.4" stroke-linecap="round"/>` +
        `<path d="M-2.5 12h5M-2.5-1h5" stroke="${p.dark}" stroke-width="1.3"/>` +
        `<path d="M2-7q10-9 15-2q-8 6-15 2ZM-2 5q-10-9-15-2q8 6 15 2ZM0-18q7-6 3-12q-7 4-3 12Z" fill="#5f9a35" stroke="${p.dark}" stroke-width=".9"/>` +
        `</g>`
      );
  }
}

/* ---------------------------------------------------------- court emblems */

/** Court emblem around (0,0), roughly ±40. */
function courtEmblem(rank: number, p: Palette): string {
  const o = `stroke="${p.dark}" stroke-width="1.6" stroke-linejoin="round"`;
  switch (rank) {
    case 11: // Page: scroll and quill
      return (
        `<path d="M-30-12H26V24H-30Z" fill="${p.light}" ${o}/>` +
        `<ellipse cx="-30" cy="6" rx="6" ry="18" fill="#f3e3bd" ${o}/><ellipse cx="26" cy="6" rx="6" ry="18" fill="#f3e3bd" ${o}/>` +
        `<path d="M-20-2H16M-20 6H12M-20 14H8" stroke="${p.ink}" stroke-width="2" stroke-opacity=".7" stroke-linecap="round"/>` +
        `<path d="M-10 36C0 8 14-18 36-40C32-14 18 10-10 36Z" fill="#fff" ${o}/>` +
        `<path d="M-14 42L30-32" stroke="${p.dark}" stroke-width="1.6" stroke-linecap="round"/>` +
        `<path d="M-2 20L8 16M4 8L14 4M10-4L20-8M16-16L26-20" stroke="${p.ink2}" stroke-width="1.4"/>`
      );
    case 12: // Knight: horse head with bridle
      return (
        `<path d="M22 38C28 12 26-14 12-30L8-43L0-33C-12-30-24-18-32-4C-35 3-32 10-25 11C-18 12-10 8-3 5C-5 17-10 28-14 38Z" fill="${p.ink}" ${o}/>` +
        `<path d="M9-34C16-26 22-14 24 0C26 14 26 26 24 36" fill="none" stroke="${p.gold}" stroke-width="4" stroke-dasharray="5 3"/>` +
        `<path d="M-26 8L-8-14L4-2" fill="none" stroke="${p.gold}" stroke-width="2.4" stroke-linecap="round"/>` +
        `<circle cx="-8" cy="-16" r="3" fill="${p.light}"/>` +
        `<path d="M-29 0q3-2 5 0" fill="none" stroke="${p.light}" stroke-width="1.6" stroke-linecap="round"/>`
      );
    case 13: // Queen: crown with a veil
      return (
        `<path d="M-22 44Q-24 34-14 30H14Q24 34 22 44Z" fill="${p.ink}" ${o}/>` +
        `<ellipse cy="18" rx="12" ry="15" fill="#f6e2c8" ${o}/>` +
        `<path d="M-25 6C-34 20-38 34-36 46H-20C-22 34-18 22-12 10ZM25 6C34 20 38 34 36 46H20C22 34 18 22 12 10Z" fill="${p.ink2}" fill-opacity=".75" ${o}/>` +
        `<path d="M-5 16q1.5-2 3 0M2 16q1.5-2 3 0M-3 25q3 2 6 0" fill="none" stroke="${p.dark}" stroke-width="1.3" stroke-linecap="round"/>` +
        `<path d="M-26 6L-30-20L-14-6L0-26L14-6L30-20L26 6Z" fill="${p.gold}" ${o}/>` +
        `<rect x="-27" y="2" width="54" height="10" rx="2" fill="${p.gold}" ${o}/>` +
        `<circle cx="-30" cy="-21" r="4" fill="#fff" ${o}/><circle cy="-27" r="4" fill="#fff" ${o}/><circle cx="30" cy="-21" r="4" fill="#fff" ${o}/>` +
        `<circle cx="-13" cy="7" r="2.6" fill="${p.ink}"/><circle cy="7" r="2.6" fill="${p.ink2}" stroke="${p.dark}"/><circle cx="13" cy="7" r="2.6" fill="${p.ink}"/>`
      );
    default: // King: tall crown before a throne
      return (
        `<path d="M-36 44V-6Q-36-40 0-46Q36-40 36-6V44Z" fill="${p.ink}" fill-opacity=".22" stroke="${p.ink}" stroke-width="2.4"/>` +
        `<path d="M-24 22L-28-14L-14 0L-7-24L0-8L7-24L14 0L28-14L24 22Z" fill="${p.gold}" ${o}/>` +
        `<rect x="-26" y="18" width="52" height="12" rx="2" fill="${p.gold}" ${o}/>` +
        `<path d="M0-10V-40M-7-32H7" stroke="${p.gold}" stroke-width="4" stroke-linecap="round"/>` +
        `<path d="M0-10V-40M-7-32H7" stroke="${p.dark}" stroke-width="1" stroke-linecap="round"/>` +
        `<circle cx="-14" cy="24" r="3" fill="${p.ink}"/><circle cy="24" r="3.4" fill="#d83a3a" stroke="${p.dark}"/><circle cx="14" cy="24" r="3" fill="${p.ink}"/>` +
        `<path d="M-30 38H30" stroke="${p.dark}" stroke-width="3" stroke-linecap="round"/>`
      );
  }
}

/* ------------------------------------------------------------- pip layout */

const COL_L = 52;
const COL_M = 90;
const COL_R = 128;

function pipPositions(n: number): [number, number][] {
  const two = (ys: number[]) =>
    ys.flatMap((y): [number, number][] => [
      [COL_L, y],
      [COL_R, y],
    ]);
  const rows3 = [71, 132, 193];
  const rows4 = [68, 112, 156, 200];
  switch (n) {
    case 2:
      return [
        [COL_M, 82],
        [COL_M, 182],
      ];
    case 3:
      return rows3.map((y): [number, number] => [COL_M, y]);
    case 4:
      return two([86, 178]);
    case 5:
      return [...two([78, 186]), [COL_M, 132]];
    case 6:
      return two(rows3);
    case 7:
      return [...two(rows3), [COL_M, 102]];
    case 8:
      return [...two(rows3), [COL_M, 102], [COL_M, 162]];
    case 9:
      return [...two(rows4), [COL_M, 134]];
    default:
      return [...two(rows4), [COL_M, 90], [COL_M, 178]];
  }
}

/* ---------------------------------------------------------- major emblems */

const GOLD = '#ecc766';
const CREAM = '#f7ecd2';
const RED = '#e0664f';
const SKY = '#86c0ef';
const GREEN = '#76bf6e';
const VIOLET = '#b596f0';
const NIGHT = '#0b0926';
const DUSK = '#3d3782';
const WOOD = '#b7803f';

const g = (attrs: string, body: string) => `<g ${attrs}>${body}</g>`;
const path = (d: string, attrs: string) => `<path d="${d}" ${attrs}/>`;
const circle = (cx: number, cy: number, r: number, attrs: string) => `<circle cx="${cx}" cy="${cy}" r="${r}" ${attrs}/>`;
const line = 'fill="none" stroke-linecap="round" stroke-linejoin="round"';

function miniCup(x: number, y: number, s: number, fill: string): string {
  return g(
    `transform="translate(${x} ${y}) scale(${s})"`,
    path('M-9-10H9C9 0 5 4 0 4S-9 0-9-10ZM-1.5 4h3v6h-3zM-7 13Q0 7 7 13Z', `fill="${fill}"`),
  );
}

function wheat(x: number, y: number, dir: 1 | -1): string {
  let grains = '';
  for (let i = 0; i < 5; i++) {
    const yy = y + i * 9;
    grains +=
      `<ellipse cx="${x - 4 * dir}" cy="${yy}" rx="2.6" ry="6" transform="rotate(${-28 * dir} ${x - 4 * dir} ${yy})"/>` +
      `<ellipse cx="${x + 4 * dir}" cy="${yy + 4}" rx="2.6" ry="6" transform="rotate(${28 * dir} ${x + 4 * dir} ${yy + 4})"/>`;
  }
  return (
    path(`M${x} ${y - 8}Q${x - 6 * dir} ${y + 60} ${x + 2 * dir} ${y + 118}`, `${line} stroke="#d9ac55" stroke-width="2.5"`) +
    g('fill="#e6b85c"', grains + `<ellipse cx="${x}" cy="${y - 8}" rx="2.6" ry="6"/>`)
  );
}

function figure(x: number, y: number, body: string, armsUp = false): string {
  return (
    circle(x, y, 7, `fill="${CREAM}"`) +
    path(`M${x} ${y + 9}L${x - 9} ${y + 38}H${x + 9}Z`, `fill="${body}"`) +
    (armsUp
      ? path(`M${x - 4} ${y + 14}L${x - 12} ${y - 4}M${x + 4} ${y + 14}L${x + 12} ${y - 4}`, `${line} stroke="${CREAM}" stroke-width="3"`)
      : '')
  );
}

/** Emblems of the 22 majors, in card coordinates (field ≈ x 12..168, y 44..224). */
const MAJOR_EMBLEMS: ((pre: string) => string)[] = [
  // 0 The Fool: sun, cliff, wanderer with a bundle
  () =>
    circle(130, 80, 15, `fill="${GOLD}"`) +
    path(raysD(130, 80, 20, 28, 12), `${line} stroke="${GOLD}" stroke-width="2.5"`) +
    path('M14 224V176Q50 166 96 170L104 188L98 204L112 224Z', `fill="${DUSK}" stroke="${GOLD}" stroke-width="2"`) +
    path('M112 224L98 204L104 188', `${line} stroke="${CREAM}" stroke-width="1.5" stroke-opacity=".5"`) +
    path('M66 138L104 104', `${line} stroke="${WOOD}" stroke-width="3.5"`) +
    circle(106, 101, 10, `fill="${RED}" stroke="${CREAM}" stroke-width="1.5"`) +
    circle(72, 120, 8, `fill="${CREAM}"`) +
    path('M72 129L59 165H85Z', `fill="${SKY}" stroke="${CREAM}" stroke-width="1.5" stroke-linejoin="round"`) +
    path('M66 165L64 172M80 165L96 158', `${line} stroke="${CREAM}" stroke-width="3"`) +
    circle(58, 150, 4, `fill="#fff"`),

  // I The Magician: lemniscate, raised wand, table with the four suits
  () =>
    path('M90 78C78 62 56 62 56 78S78 94 90 78S124 62 124 78S102 94 90 78Z', `${line} stroke="${GOLD}" stroke-width="4.5"`) +
    path(raysD(90, 108, 9, 16, 8, 22.5), `${line} stroke="${GOLD}" stroke-width="1.8"`) +
    path('M90 108V172', `${line} stroke="${CREAM}" stroke-width="6"`) +
    circle(90, 108, 5, `fill="${GOLD}"`) +
    circle(90, 172, 5, `fill="${GOLD}"`) +
    path('M30 196H150V204H30Z', `fill="${RED}" stroke="${GOLD}" stroke-width="1.5"`) +
    miniCup(46, 183, 0.9, SKY) +
    circle(70, 186, 8, `fill="${GOLD}" stroke="${NIGHT}" stroke-width="1"`) +
    path(starD(70, 186, 6, 2.3, 5), `fill="${NIGHT}"`) +
    path('M112 194V172M106 189H118', `${line} stroke="#cfd6e6" stroke-width="3"`) +
    path('M134 194L140 170', `${line} stroke="${WOOD}" stroke-width="4"`) +
    path('M139 176q6-5 8 0q-5 3-8 0Z', `fill="${GREEN}"`),

  // II The High Priestess: pillars B and J, lunar crown, scroll, crescent
  () =>
    path('M32 70h30v8h-30zM32 208h30v8h-30zM118 70h30v8h-30zM118 208h30v8h-30z', `fill="${GOLD}"`) +
    `<rect x="36" y="78" width="22" height="130" fill="${NIGHT}" stroke="${GOLD}" stroke-width="1.5"/>` +
    `<rect x="122" y="78" width="22" height="130" fill="${CREAM}" stroke="${GOLD}" stroke-width="1.5"/>` +
    `<text x="47" y="150" font-family="${FONT}" font-size="16" font-weight="bold" text-anchor="middle" fill="${CREAM}">B</text>` +
    `<text x="133" y="150" font-family="${FONT}" font-size="16" font-weight="bold" text-anchor="middle" fill="${NIGHT}">J</text>` +
    circle(90, 86, 9, `fill="${CREAM}"`) +
    path(crescentD(72, 86, 9), `fill="${CREAM}" transform="rotate(180 72 86)"`) +
    path(crescentD(108, 86, 9), `fill="${CREAM}"`) +
    `<rect x="74" y="118" width="32" height="42" rx="3" fill="${CREAM}" stroke="${GOLD}" stroke-width="1.5"/>` +
    path('M80 130H100M80 138H100M80 146H94', `${line} stroke="${DUSK}" stroke-width="2"`) +
    g(`fill="${RED}"`, circle(68, 110, 4, '') + circle(112, 110, 4, '') + circle(66, 170, 4, '') + circle(114, 170, 4, '')) +
    path(crescentD(90, 198, 17), `fill="${CREAM}" transform="rotate(-90 90 198)"`),

  // III The Empress: Venus sign, wheat, crown of stars
  () =>
    path(
      [0, 1, 2, 3, 4, 5, 6]
        .map((i) => {
          const a = ((-160 + i * (140 / 6)) * Math.PI) / 180;
          return starD(90 + 46 * Math.cos(a), 104 + 46 * Math.sin(a), 5, 2, 5);
        })
        .join(''),
      `fill="${CREAM}"`,
    ) +
    circle(90, 104, 28, `fill="${GREEN}" fill-opacity=".18" stroke="${GOLD}" stroke-width="7"`) +
    path('M90 132V200M68 170H112', `${line} stroke="${GOLD}" stroke-width="7"`) +
    wheat(36, 110, 1) +
    wheat(144, 110, -1),

  // IV The Emperor: throne with ram heads and an ankh
  () =>
    path('M20 224L52 176L70 196L94 164L122 200L140 180L160 224Z', `fill="${DUSK}"`) +
    `<rect x="54" y="88" width="72" height="110" rx="4" fill="#8e2f24" stroke="${GOLD}" stroke-width="3"/>` +
    `<rect x="44" y="168" width="92" height="14" rx="3" fill="${RED}" stroke="${GOLD}" stroke-width="2"/>` +
    path('M58 98C38 96 34 70 50 66C62 63 66 78 56 80', `${line} stroke="${CREAM}" stroke-width="6"`) +
    path('M122 98C142 96 146 70 130 66C118 63 114 78 124 80', `${line} stroke="${CREAM}" stroke-width="6"`) +
    circle(90, 114, 10, `fill="none" stroke="${GOLD}" stroke-width="5"`) +
    path('M90 124V160M76 134H104', `${line} stroke="${GOLD}" stroke-width="5"`),

  // V The Hierophant: triple cross and crossed keys
  () =>
    path('M90 58V200M76 76H104M70 92H110M64 108H116', `${line} stroke="${GOLD}" stroke-width="5.5"`) +
    circle(90, 58, 5, `fill="${GOLD}"`) +
    g(
      `${line} stroke-width="4"`,
      path('M56 210L120 150M112 150l6 6M106 156l5 5', `stroke="${GOLD}"`) +
        path('M124 210L60 150M68 150l-6 6M74 156l-5 5', `stroke="#cfd6e6"`),
    ) +
    circle(54, 212, 7, `fill="none" stroke="${GOLD}" stroke-width="4"`) +
    circle(126, 212, 7, `fill="none" stroke="#cfd6e6" stroke-width="4"`),

  // VI The Lovers: angel's wings over a heart, two figures
  () =>
    path(raysD(90, 104, 30, 40, 12, 15), `${line} stroke="${GOLD}" stroke-width="2"`) +
    path('M80 102C64 80 42 76 24 82C40 88 46 96 50 104C58 100 70 102 80 108Z', `fill="${CREAM}" stroke="${GOLD}" stroke-width="1.5"`) +
    path(
      'M100 102C116 80 138 76 156 82C140 88 134 96 130 104C122 100 110 102 100 108Z',
      `fill="${CREAM}" stroke="${GOLD}" stroke-width="1.5"`,
    ) +
    path(heartD(90, 104, 2.2), `fill="${RED}" stroke="${CREAM}" stroke-width="1.5"`) +
    circle(56, 148, 10, `fill="${CREAM}"`) +
    path('M56 160C42 164 40 206 42 214H70C72 206 70 164 56 160Z', `fill="${SKY}" stroke="${CREAM}" stroke-width="1.5"`) +
    circle(124, 148, 10, `fill="${CREAM}"`) +
    path('M114 146C112 164 116 176 112 186M134 146C136 164 132 176 136 186', `${line} stroke="${GOLD}" stroke-width="3"`) +
    path('M124 160C110 164 104 206 104 214H144C144 206 138 164 124 160Z', `fill="${VIOLET}" stroke="${CREAM}" stroke-width="1.5"`),

  // VII The Chariot: starry canopy, chariot, black and white sphinxes
  () =>
    path('M46 84Q90 66 134 84V90H46Z', `fill="${SKY}" stroke="${GOLD}" stroke-width="2"`) +
    path(starD(70, 78, 3.5, 1.4, 5) + starD(90, 74, 3.5, 1.4, 5) + starD(110, 78, 3.5, 1.4, 5), `fill="${NIGHT}"`) +
    path('M54 90V128M126 90V128', `${line} stroke="${GOLD}" stroke-width="3"`) +
    `<rect x="46" y="126" width="88" height="46" rx="3" fill="${DUSK}" stroke="${GOLD}" stroke-width="2.5"/>` +
    circle(90, 146, 7, `fill="${GOLD}"`) +
    path('M80 146C72 138 62 140 56 144M100 146C108 138 118 140 124 144', `${line} stroke="${GOLD}" stroke-width="2.5"`) +
    circle(50, 178, 12, `fill="${NIGHT}" stroke="${GOLD}" stroke-width="3"`) +
    circle(130, 178, 12, `fill="${NIGHT}" stroke="${GOLD}" stroke-width="3"`) +
    path(raysD(50, 178, 0, 12, 6) + raysD(130, 178, 0, 12, 6), `stroke="${GOLD}" stroke-width="1.5"`) +
    path('M66 222L68 202Q76 194 84 202L86 222Z', `fill="${CREAM}"`) +
    path('M94 222L96 202Q104 194 112 202L114 222Z', `fill="${NIGHT}" stroke="${GOLD}" stroke-width="1.5"`) +
    circle(76, 206, 5, `fill="#e2c9a0"`) +
    circle(104, 206, 5, `fill="#3a3030"`),

  // VIII Strength: lemniscate above a lion's head
  () =>
    path('M90 70C82 60 66 60 66 70S82 80 90 70S114 60 114 70S98 80 90 70Z', `${line} stroke="${GOLD}" stroke-width="3.5"`) +
    path(starD(90, 146, 50, 36, 18), `fill="#d6832a" stroke="${GOLD}" stroke-width="2" stroke-linejoin="round"`) +
    circle(70, 120, 7, `fill="#e9a746"`) +
    circle(110, 120, 7, `fill="#e9a746"`) +
    circle(90, 148, 30, `fill="#f0b84e"`) +
    path('M77 138q4-4 8 0M95 138q4-4 8 0', `${line} stroke="${NIGHT}" stroke-width="3"`) +
    path('M83 152H97L90 161Z', `fill="${NIGHT}"`) +
    path('M90 161V166M80 166Q90 174 100 166', `${line} stroke="${NIGHT}" stroke-width="2.5"`) +
    path('M40 214Q90 200 140 214', `${line} stroke="${GREEN}" stroke-width="3"`) +
    g(`fill="${RED}"`, circle(54, 210, 4, '') + circle(90, 206, 4, '') + circle(126, 210, 4, '')),

  // IX The Hermit: staff and lantern with a six-pointed star
  () =>
    path('M20 224L90 186L160 224Z', `fill="${DUSK}" stroke="${CREAM}" stroke-width="1.5" stroke-opacity=".6"`) +
    circle(106, 134, 46, `fill="${GOLD}" fill-opacity=".12"`) +
    circle(106, 134, 30, `fill="${GOLD}" fill-opacity=".18"`) +
    path('M52 64L46 214', `${line} stroke="${WOOD}" stroke-width="5"`) +
    circle(106, 90, 6, `fill="none" stroke="${GOLD}" stroke-width="3"`) +
    path('M88 108L106 96L124 108Z', `fill="${GOLD}"`) +
    `<rect x="89" y="108" width="34" height="50" rx="3" fill="#fff3b8" stroke="${GOLD}" stroke-width="3"/>` +
    path(starD(106, 133, 13, 7.5, 6), `fill="#e0a020"`) +
    path('M86 158H126L116 168H96Z', `fill="${GOLD}"`),

  // X Wheel of Fortune: wheel with spokes and TARO
  () =>
    circle(90, 134, 60, `fill="${DUSK}" stroke="${GOLD}" stroke-width="4"`) +
    circle(90, 134, 42, `fill="none" stroke="${GOLD}" stroke-width="2"`) +
    path(raysD(90, 134, 12, 42, 8, 22.5), `stroke="${GOLD}" stroke-width="3"`) +
    circle(90, 134, 12, `fill="${GOLD}"`) +
    circle(90, 134, 5, `fill="${NIGHT}"`) +
    g(
      `font-family="${FONT}" font-size="14" font-weight="bold" fill="${CREAM}" text-anchor="middle"`,
      `<text x="90" y="89">T</text><text x="141" y="139">A</text><text x="90" y="190">R</text><text x="39" y="139">O</text>`,
    ) +
    g(
      `fill="${SKY}"`,
      [45, 135, 225, 315]
        .map((a) => {
          const t = (a * Math.PI) / 180;
          return circle(Math.round(90 + 51 * Math.cos(t)), Math.round(134 + 51 * Math.sin(t)), 3, '');
        })
        .join(''),
    ),

  // XI Justice: upright sword and balanced scales
  () =>
    path('M90 58L96 70V174H84V70Z', `fill="#cfd6e6" stroke="${GOLD}" stroke-width="1.5"`) +
    path('M72 176H108', `${line} stroke="${GOLD}" stroke-width="6"`) +
    path('M90 180V198', `${line} stroke="${WOOD}" stroke-width="6"`) +
    circle(90, 203, 5, `fill="${GOLD}"`) +
    path('M40 96H140M40 96L28 146M40 96L52 146M140 96L128 146M140 96L152 146', `${line} stroke="${GOLD}" stroke-width="2.5"`) +
    path('M40 96H140', `${line} stroke="${GOLD}" stroke-width="5"`) +
    circle(90, 96, 6, `fill="${GOLD}"`) +
    path('M24 146Q40 164 56 146ZM124 146Q140 164 156 146Z', `fill="${GOLD}"`),

  // XII The Hanged Man: living tau cross, figure hanging by one foot, halo
  () =>
    path('M50 224Q90 206 130 224Z', `fill="${DUSK}"`) +
    path('M90 68V214', `${line} stroke="#4f8a46" stroke-width="7"`) +
    path('M44 68H136', `${line} stroke="${GREEN}" stroke-width="9"`) +
    path('M48 64q-6-8 2-12q4 6-2 12ZM132 64q6-8-2-12q-4 6 2 12ZM64 64q0-9 8-9q-1 7-8 9ZM116 64q0-9-8-9q1 7 8 9Z', `fill="${GREEN}"`) +
    path('M90 72V128M90 126L112 110L94 98', `${line} stroke="${RED}" stroke-width="7"`) +
    path('M80 126H100L104 168H76Z', `fill="${SKY}" stroke="${CREAM}" stroke-width="1.5" stroke-linejoin="round"`) +
    path('M77 164L64 150L82 140M103 164L116 150L98 140', `${line} stroke="${CREAM}" stroke-width="3.5"`) +
    circle(90, 184, 18, `fill="${GOLD}" fill-opacity=".45" stroke="${GOLD}" stroke-width="2"`) +
    circle(90, 182, 9, `fill="${CREAM}"`),

  // XIII Death: scythe and white rose
  () =>
    path('M50 214L120 66', `${line} stroke="#c9b38a" stroke-width="5"`) +
    path('M122 62C96 46 58 52 36 78C62 68 94 68 120 76Z', `fill="#cfd6e6" stroke="${CREAM}" stroke-width="1.5" stroke-linejoin="round"`) +
    path('M118 216C116 196 120 180 118 166', `${line} stroke="${GREEN}" stroke-width="3"`) +
    path('M118 200q-14-8-20 2q12 6 20-2Z', `fill="${GREEN}"`) +
    g(
      `fill="#fff" stroke="#b9b9cf" stroke-width="1.2"`,
      [0, 1, 2, 3, 4]
        .map((i) => {
          const t = ((-90 + i * 72) * Math.PI) / 180;
          return circle(Math.round(118 + 11 * Math.cos(t)), Math.round(146 + 11 * Math.sin(t)), 11, '');
        })
        .join(''),
    ) +
    circle(118, 146, 6, `fill="${GOLD}"`),

  // XIV Temperance: water flowing between two cups, triangle in a square
  () =>
    `<rect x="80" y="60" width="20" height="20" fill="none" stroke="${CREAM}" stroke-width="2"/>` +
    path('M90 64L97 77H83Z', `fill="${GOLD}"`) +
    g('transform="rotate(40 58 112)"', miniCup(58, 112, 2.2, GOLD)) +
    path('M86 108C110 110 120 136 112 164', `${line} stroke="${SKY}" stroke-width="6"`) +
    path('M90 114C106 118 114 138 108 158', `${line} stroke="#fff" stroke-opacity=".6" stroke-width="1.5"`) +
    miniCup(112, 186, 2.2, GOLD) +
    path('M24 218q10-6 20 0t20 0t20 0M96 218q10-6 20 0t20 0t20 0', `${line} stroke="${SKY}" stroke-width="2.5"`),

  // XV The Devil: horns over an inverted pentagram, chains
  () =>
    path('M70 84C54 76 46 62 52 48C58 62 66 68 80 76Z', `fill="${RED}" stroke="${CREAM}" stroke-width="1.2"`) +
    path('M110 84C126 76 134 62 128 48C122 62 114 68 100 76Z', `fill="${RED}" stroke="${CREAM}" stroke-width="1.2"`) +
    circle(90, 116, 36, `fill="${NIGHT}" stroke="${RED}" stroke-width="3.5"`) +
    path(starD(90, 116, 32, 32 * 0.382, 5, 90), `fill="none" stroke="${GOLD}" stroke-width="2.5" stroke-linejoin="round"`) +
    `<rect x="68" y="156" width="44" height="14" rx="2" fill="${DUSK}" stroke="${GOLD}" stroke-width="1.5"/>` +
    g(
      `fill="none" stroke="#cfd6e6" stroke-width="2.2"`,
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<ellipse cx="${74 - i * 9}" cy="${176 + i * 10}" rx="4" ry="6" transform="rotate(40 ${74 - i * 9} ${176 + i * 10})"/>` +
            `<ellipse cx="${106 + i * 9}" cy="${176 + i * 10}" rx="4" ry="6" transform="rotate(-40 ${106 + i * 9} ${176 + i * 10})"/>`,
        )
        .join(''),
    ),

  // XVI The Tower: tower struck by lightning, falling crown, flames
  () =>
    path('M42 224Q90 204 138 224Z', `fill="${DUSK}"`) +
    path('M70 212L74 98H106L110 212Z', `fill="#8c88b0" stroke="${CREAM}" stroke-width="2" stroke-linejoin="round"`) +
    path('M72 98V86h8v6h6v-6h8v6h6v-6h8v12Z', `fill="#8c88b0" stroke="${CREAM}" stroke-width="2" stroke-linejoin="round"`) +
    path('M84 122h12v18h-12zM84 160h12v18h-12z', `fill="${NIGHT}"`) +
    path('M84 140q2-14 6-10q2-10 6 10ZM84 178q2-14 6-10q2-10 6 10Z', `fill="#f08a24"`) +
    path('M154 46L122 80L134 82L104 114L146 74L132 72L150 46Z', `fill="${GOLD}" stroke="#fff" stroke-width="1"`) +
    g(
      'transform="rotate(28 128 104)"',
      path('M116 110L114 96L122 102L128 92L134 102L142 96L140 110Z', `fill="${GOLD}" stroke="${NIGHT}" stroke-width="1"`),
    ) +
    path('M40 120q4-10 8 0q-4 6-8 0ZM136 150q4-10 8 0q-4 6-8 0ZM46 170q4-10 8 0q-4 6-8 0Z', `fill="${RED}"`),

  // XVII The Star: great eight-pointed star, seven small stars, water
  () =>
    path(starD(90, 104, 40, 14, 8), `fill="${GOLD}" stroke="#fff" stroke-width="1"`) +
    path(
      [
        [40, 66],
        [140, 66],
        [34, 118],
        [146, 118],
        [50, 162],
        [130, 162],
        [90, 160],
      ]
        .map(([x, y]) => starD(x, y, 10, 3.6, 8))
        .join(''),
      `fill="${CREAM}"`,
    ) +
    path(
      'M24 198q11-7 22 0t22 0t22 0t22 0t22 0t22 0M24 212q11-7 22 0t22 0t22 0t22 0t22 0t22 0',
      `${line} stroke="${SKY}" stroke-width="3"`,
    ),

  // XVIII The Moon: moon with a face and rays, falling drops, two towers, path
  () =>
    path(raysD(90, 88, 32, 42, 16), `${line} stroke="${GOLD}" stroke-width="2.5"`) +
    circle(90, 88, 28, `fill="#f4e6a8"`) +
    path(crescentD(90, 88, 28, 1.6), `fill="${GOLD}" transform="rotate(180 90 88)"`) +
    path('M96 82q4-3 8 0M96 100q6 3 10-2', `${line} stroke="${NIGHT}" stroke-width="2"`) +
    path(
      [
        [62, 128],
        [90, 134],
        [118, 128],
        [76, 146],
        [104, 146],
      ]
        .map(([x, y]) => `M${x} ${y - 7}q5 7 0 10q-5-3 0-10Z`)
        .join(''),
      `fill="${GOLD}"`,
    ) +
    path('M24 156h26v60h-26zM130 156h26v60h-26z', `fill="${DUSK}" stroke="${CREAM}" stroke-width="1.8"`) +
    path('M22 156l15-12l15 12zM128 156l15-12l15 12z', `fill="${CREAM}"`) +
    path('M33 176h8v10h-8zM139 176h8v10h-8z', `fill="${GOLD}"`) +
    path('M90 168C76 180 104 190 84 204', `${line} stroke="${CREAM}" stroke-width="3" stroke-dasharray="4 4"`) +
    `<ellipse cx="90" cy="216" rx="32" ry="6" fill="${SKY}"/>`,

  // XIX The Sun: radiant sun with a face above sunflowers on a wall
  () =>
    path(burstD(90, 104, 34, 60, 46, 16), `fill="${GOLD}"`) +
    circle(90, 104, 34, `fill="#f6c94a" stroke="#fff2b0" stroke-width="2"`) +
    path('M76 98q4-5 8 0M96 98q4-5 8 0M78 114Q90 124 102 114', `${line} stroke="#9a4a14" stroke-width="2.8"`) +
    circle(73, 108, 4, `fill="${RED}" fill-opacity=".45"`) +
    circle(107, 108, 4, `fill="${RED}" fill-opacity=".45"`) +
    `<rect x="22" y="192" width="136" height="28" fill="#8a5a9a" stroke="${CREAM}" stroke-width="1.5"/>` +
    path('M22 206H158M50 192V206M90 192V206M130 192V206M70 206V220M110 206V220', `stroke="${CREAM}" stroke-width="1" stroke-opacity=".6"`) +
    path([44, 72, 108, 136].map((x) => starD(x, 176, 10, 5, 10)).join(''), `fill="${GOLD}"`) +
    g(`fill="#6b3a12"`, [44, 72, 108, 136].map((x) => circle(x, 176, 4.5, '')).join('')) +
    path('M44 186V192M72 186V192M108 186V192M136 186V192', `stroke="${GREEN}" stroke-width="3"`),

  // XX Judgement: trumpet with a cross banner from the clouds, rising figures
  () =>
    g(`fill="#dfe3f5"`, circle(112, 66, 14, '') + circle(132, 60, 16, '') + circle(150, 70, 12, '') + circle(96, 72, 10, '')) +
    g(
      'transform="translate(124 78) rotate(140)"',
      path('M0-2.5H62V2.5H0Z', `fill="${GOLD}"`) +
        path('M60-3L80-13V13L60 3Z', `fill="${GOLD}" stroke="#fff" stroke-width="1"`) +
        `<rect x="22" y="3" width="24" height="22" fill="#fff"/>` +
        path('M34 5V23M24 13H44', `stroke="${RED}" stroke-width="4"`),
    ) +
    figure(50, 160, CREAM, true) +
    figure(90, 168, SKY, true) +
    figure(130, 160, CREAM, true) +
    path('M30 196h40v18h-40zM70 204h40v16h-40zM110 196h40v18h-40z', `fill="${DUSK}" stroke="${GOLD}" stroke-width="1.5"`),

  // XXI The World: laurel wreath, dancer with two wands, ribbons, four stars
  () => {
    let leaves = '';
    for (let i = 0; i < 20; i++) {
      const t = (i / 20) * 2 * Math.PI;
      const x = 90 + 42 * Math.cos(t);
      const y = 134 + 62 * Math.sin(t);
      const ang = (Math.atan2(62 * Math.cos(t), -42 * Math.sin(t)) * 180) / Math.PI;
      leaves += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="7" ry="3" transform="rotate(${r1(ang + 30)} ${r1(x)} ${r1(y)})"/>`;
    }
    return (
      `<ellipse cx="90" cy="134" rx="42" ry="62" fill="none" stroke="#3f8a46" stroke-width="6"/>` +
      g(`fill="${GREEN}"`, leaves) +
      path('M80 66L100 78V66L80 78ZM80 196L100 208V196L80 208Z', `fill="${RED}"`) +
      path(
        [
          [30, 62],
          [150, 62],
          [30, 206],
          [150, 206],
        ]
          .map(([x, y]) => starD(x, y, 9, 3.5, 8))
          .join(''),
        `fill="${GOLD}"`,
      ) +
      circle(90, 106, 7, `fill="${CREAM}"`) +
      path(
        'M90 114C80 124 78 140 84 150L80 170L92 156L104 168L98 146C104 134 100 122 90 114Z',
        `fill="${VIOLET}" stroke="${CREAM}" stroke-width="1.2" stroke-linejoin="round"`,
      ) +
      path('M84 150L74 176M98 148L108 170L96 172', `${line} stroke="${CREAM}" stroke-width="3"`) +
      path('M70 108V132M110 120V144', `${line} stroke="${GOLD}" stroke-width="3"`) +
      path('M86 122L72 120M94 124L108 132', `${line} stroke="${CREAM}" stroke-width="2.5"`)
    );
  },
];

/* ---------------------------------------------------------------- layout */

/** Font size that fits `text` into `width` units of the viewBox. */
function fitFont(text: string, width: number, max: number, em = 0.6): number {
  const len = Math.max(1, [...text].length);
  return Math.min(max, Math.floor((width / (len * em)) * 10) / 10);
}

function shell(pre: string, pal: Palette, title: string, defsExtra: string, body: string, top: string, name: string): string {
  const t = escapeXml(title);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 270" width="180" height="270" role="img" aria-label="${t}">` +
    `<title>${t}</title>` +
    `<defs>` +
    `<linearGradient id="${pre}fr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pal.frame[0]}"/><stop offset="1" stop-color="${pal.frame[1]}"/></linearGradient>` +
    `<radialGradient id="${pre}bg" cx=".5" cy=".45" r=".7"><stop offset="0" stop-color="${pal.field[0]}"/><stop offset="1" stop-color="${pal.field[1]}"/></radialGradient>` +
    defsExtra +
    `</defs>` +
    `<rect x=".75" y=".75" width="178.5" height="268.5" rx="10" fill="url(#${pre}fr)" stroke="${pal.edge}" stroke-width="1.5"/>` +
    `<rect x="8" y="8" width="164" height="254" rx="6" fill="url(#${pre}bg)" stroke="${pal.gold}" stroke-width="1.5"/>` +
    `<path d="${[
      [12, 12],
      [168, 12],
      [12, 258],
      [168, 258],
    ]
      .map(([x, y]) => `M${x} ${y - 4}L${x + 4} ${y}L${x} ${y + 4}L${x - 4} ${y}Z`)
      .join('')}" fill="${pal.gold}"/>` +
    body +
    top +
    nameBand(pal, name) +
    `</svg>`
  );
}

function nameBand(pal: Palette, name: string): string {
  const size = fitFont(name, 140, 15, 0.52);
  return (
    `<rect x="14" y="229" width="152" height="27" rx="5" fill="${pal.band}" stroke="${pal.gold}" stroke-width="1.5"/>` +
    `<text x="90" y="${r1(242.5 + size * 0.34)}" text-anchor="middle" font-family="${FONT}" font-size="${size}" fill="${pal.text}">${escapeXml(name)}</text>`
  );
}

function topMark(pal: Palette, label: string, small: boolean): string {
  const len = [...label].length;
  const size = small ? 11.5 : 21;
  const w = small ? Math.max(44, len * 9 + 18) : Math.max(36, len * 13 + 18);
  return (
    `<rect x="${r1(90 - w / 2)}" y="13" width="${w}" height="27" rx="13.5" fill="${pal.band}" stroke="${pal.gold}" stroke-width="1.5"/>` +
    `<text x="90" y="${small ? 30.6 : 34}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${pal.gold}"` +
    `${small ? ' letter-spacing="1"' : ''}>${escapeXml(small ? label.toUpperCase() : label)}</text>`
  );
}

function majorFieldStars(): string {
  // A few faint stars scattered over the indigo field.
  const pts = [
    [22, 52],
    [158, 56],
    [20, 150],
    [160, 140],
    [32, 214],
    [150, 212],
    [60, 46],
    [122, 48],
  ];
  return `<path d="${pts.map(([x, y]) => starD(x, y, 2.6, 1, 4, 0)).join('')}" fill="#fff" fill-opacity=".45"/>`;
}

/* ------------------------------------------------------------ public API */

/** A complete standalone SVG document for the face of `card`. */
export function cardSvg(card: CardArtInput): string {
  const pre = artIdPrefix(card.id);
  const name = card.name;
  if (card.suit === 'major') {
    const pal = PALETTES.major;
    const draw = MAJOR_EMBLEMS[card.rank] ?? MAJOR_EMBLEMS[0];
    const body = majorFieldStars() + draw(pre);
    return shell(pre, pal, name, '', body, topMark(pal, romanNumeral(card.rank), false), name);
  }

  const suit = card.suit;
  const pal = PALETTES[suit];
  const symId = `${pre}s`;
  const defs = `<g id="${symId}">${suitSymbol(suit, pal)}</g>`;
  const use = (x: number, y: number, s: number) =>
    `<use href="#${symId}" transform="translate(${r1(x)} ${r1(y)})${s === 1 ? '' : ` scale(${s})`}"/>`;
  const rank = Math.min(14, Math.max(1, Math.round(card.rank)));
  let body =
    `<rect x="13" y="13" width="154" height="244" rx="4" fill="none" stroke="${pal.ink}" stroke-opacity=".3" stroke-width=".8"/>` +
    path(
      'M13 31A18 18 0 0 0 31 13M149 13A18 18 0 0 0 167 31M167 239A18 18 0 0 0 149 257M31 257A18 18 0 0 0 13 239',
      `fill="none" stroke="${pal.ink}" stroke-opacity=".35" stroke-width="1.2"`,
    );
  if (rank === 1) {
    body +=
      circle(90, 134, 66, `fill="${pal.ink2}" fill-opacity=".12"`) +
      path(burstD(90, 134, 30, 70, 52, 24), `fill="${pal.gold}" fill-opacity=".55"`) +
      circle(90, 134, 44, `fill="${pal.field[0]}" stroke="${pal.gold}" stroke-width="2"`) +
      use(90, 134, 2.1);
  } else if (rank <= 10) {
    const s = rank === 2 ? 1.3 : rank === 3 ? 1.2 : rank <= 6 ? 1.15 : rank <= 8 ? 1.05 : 0.95;
    body += pipPositions(rank)
      .map(([x, y]) => use(x, y, s))
      .join('');
  } else {
    body +=
      circle(90, 106, 54, `fill="${pal.ink2}" fill-opacity=".14"`) +
      g(`transform="translate(90 106) scale(1.15)"`, courtEmblem(rank, pal)) +
      circle(90, 192, 27, `fill="${pal.field[0]}" stroke="${pal.gold}" stroke-width="2"`) +
      use(90, 192, 1.05);
  }
  return shell(pre, pal, name, defs, body, topMark(pal, minorRankLabel(rank), rank > 10), name);
}

/** The card back: a symmetric night-sky pattern with moons, stars and a geometric frame. */
export function cardBackSvg(): string {
  const pre = 'card-back-';
  const gold = '#e2bd5a';
  // Stars in one quadrant, mirrored into all four so the back is symmetric.
  const quad = [
    [30, 40],
    [58, 30],
    [24, 84],
    [48, 62],
    [72, 52],
    [36, 112],
    [64, 96],
    [26, 150 - 14],
  ];
  const stars: string[] = [];
  for (const [x, y] of quad) {
    for (const [sx, sy] of [
      [x, y],
      [180 - x, y],
      [x, 270 - y],
      [180 - x, 270 - y],
    ]) {
      stars.push(starD(sx, sy, 3.2, 1.2, 4, 0));
    }
  }
  const diamond = 'M90 22L162 135L90 248L18 135Z';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 270" width="180" height="270" role="img" aria-label="Рубашка карты">` +
    `<title>Рубашка карты</title>` +
    `<defs>` +
    `<linearGradient id="${pre}fr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3286"/><stop offset=".5" stop-color="#1d1750"/><stop offset="1" stop-color="#3a3286"/></linearGradient>` +
    `<radialGradient id="${pre}bg" cx=".5" cy=".5" r=".7"><stop offset="0" stop-color="#34307e"/><stop offset="1" stop-color="#0e0b2e"/></radialGradient>` +
    `</defs>` +
    `<rect x=".75" y=".75" width="178.5" height="268.5" rx="10" fill="url(#${pre}fr)" stroke="#c9a54e" stroke-width="1.5"/>` +
    `<rect x="8" y="8" width="164" height="254" rx="6" fill="url(#${pre}bg)" stroke="${gold}" stroke-width="1.5"/>` +
    `<rect x="13" y="13" width="154" height="244" rx="4" fill="none" stroke="${gold}" stroke-width=".8" stroke-dasharray="2 3"/>` +
    path(stars.join(''), `fill="#fff" fill-opacity=".75"`) +
    path(diamond, `fill="none" stroke="${gold}" stroke-width="1.5"`) +
    path('M90 34L152 135L90 236L28 135Z', `fill="#fff" fill-opacity=".03" stroke="${gold}" stroke-width=".8"`) +
    path(raysD(90, 135, 40, 58, 24, 7.5), `stroke="${gold}" stroke-width="1" stroke-opacity=".7"`) +
    circle(90, 135, 38, `fill="#151046" stroke="${gold}" stroke-width="2"`) +
    circle(90, 135, 31, `fill="none" stroke="${gold}" stroke-width=".8"`) +
    path(starD(90, 135, 27, 10, 8, -90), `fill="${gold}"`) +
    path(starD(90, 135, 14, 6, 8, -67.5), `fill="#fff3c4"`) +
    circle(90, 135, 4, `fill="#151046"`) +
    path(crescentD(90, 72, 13, 1.35), `fill="#f4e6a8" transform="rotate(-90 90 72)"`) +
    path(crescentD(90, 198, 13, 1.35), `fill="#f4e6a8" transform="rotate(90 90 198)"`) +
    path(crescentD(41, 135, 8, 1.35), `fill="#f4e6a8" transform="rotate(180 41 135)"`) +
    path(crescentD(139, 135, 8, 1.35), `fill="#f4e6a8"`) +
    path(
      [
        [20, 20],
        [160, 20],
        [20, 250],
        [160, 250],
      ]
        .map(([x, y]) => `M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z`)
        .join(''),
      `fill="${gold}"`,
    ) +
    path('M30 20H70M110 20H150M30 250H70M110 250H150M20 30V70M20 200V240M160 30V70M160 200V240', `stroke="${gold}" stroke-width="1"`) +
    `</svg>`
  );
}
