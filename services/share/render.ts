// The picture of a spread, to share: the cards as they lie on the table, in the user's deck (reversed cards
// turned), their Russian names, the spread's name, a one-line summary and, if the user chose, the question.
// Drawn with @napi-rs/canvas (Skia: decodes the classic deck's WebP and the drawn deck's SVG), in a worker
// thread (worker.ts), and encoded as JPEG (the Bot API takes only JPEG for a photo by URL).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts, loadImage, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { CARD_BY_ID } from '../../domain/tarot/deck';
import { CLASSIC_FILES, type CardImageSize } from '../../domain/tarot/decks';
import { OWN_DECK_MARK } from '../../domain/tarot/own-deck';
import { cardSvg } from '../../domain/art/card-art';
import { layoutCards } from './layout';
import { SHARE_SIZES, type DeckId, type ShareFormat, type SpreadPicture } from './picture';

/** JPEG quality: a story is about 250 KB, a card about 150 KB (as PNG they were 1.5 MB and 0.8 MB). */
const JPEG_QUALITY = 85;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RWS_DIR = path.join(ROOT, 'webapp', 'public', 'decks', 'rws');
const SANS = 'TarotShareSans';
const SERIF = 'TarotShareSerif';
let fontsReady = false;

function ensureFonts() {
  if (fontsReady) return;
  GlobalFonts.registerFromPath(path.join(ROOT, 'assets', 'fonts', 'DejaVuSans.ttf'), SANS);
  GlobalFonts.registerFromPath(path.join(ROOT, 'assets', 'fonts', 'DejaVuSerif-Bold.ttf'), SERIF);
  fontsReady = true;
}

/** Pixels of the classic file per pixel the card covers: Skia's high-quality downscale keeps the lines crisp. */
export const SOURCE_PIXELS_PER_DRAWN = 1.5;

/** The smallest classic file with enough pixels for a card drawn `width` px wide (the 720 px one at most). */
function classicFile(width: number): CardImageSize {
  const sizes = Object.keys(CLASSIC_FILES) as CardImageSize[];
  return sizes.find((size) => CLASSIC_FILES[size].width >= width * SOURCE_PIXELS_PER_DRAWN) ?? 'x3';
}

/** The card's face in a deck, for a card drawn `width` px wide: the classic scan (WebP), or the app's own drawing (SVG). */
async function cardImage(cardId: string, deck: DeckId, width: number): Promise<Image> {
  const card = CARD_BY_ID.get(cardId);
  if (!card) throw new Error(`unknown card ${cardId}`);
  if (deck === 'drawn') return loadImage(Buffer.from(cardSvg(card)));
  return loadImage(await fs.promises.readFile(path.join(RWS_DIR, `${card.id}${CLASSIC_FILES[classicFile(width)].suffix}.webp`)));
}

/** Breaks text into at most `maxLines` lines of `maxWidth`, with an ellipsis when cut. */
function wrap(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (ctx.measureText(next).width <= maxWidth || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = words[i];
    if (lines.length === maxLines) {
      line = '';
      break;
    }
  }
  if (line && lines.length < maxLines) lines.push(line);
  const used = lines.join(' ').split(/\s+/).length;
  if (used < words.length && lines.length) {
    let last = lines[lines.length - 1];
    while (last && ctx.measureText(`${last}…`).width > maxWidth) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last.trimEnd()}…`;
  }
  return lines;
}

/**
 * Sets the largest font, from `size` down to `minSize`, at which `text` fits `maxLines` lines of `maxWidth`,
 * and returns its lines: a long spread or card name stays whole in a smaller type, and is cut (with an
 * ellipsis) only when even `minSize` is too large.
 */
function fitType(
  ctx: SKRSContext2D,
  text: string,
  o: { maxWidth: number; maxLines: number; size: number; minSize: number; family: string },
): string[] {
  for (let size = o.size; ; size--) {
    ctx.font = `${size}px ${o.family}`;
    const lines = wrap(ctx, text, o.maxWidth, o.maxLines);
    // A single word too long for the width is kept whole by wrap, so the width is checked too.
    if (size <= o.minSize || lines.every((l) => !l.endsWith('…') && ctx.measureText(l).width <= o.maxWidth)) return lines;
  }
}

function background(ctx: SKRSContext2D, w: number, h: number) {
  const g = ctx.createLinearGradient(0, 0, w * 0.4, h);
  g.addColorStop(0, '#2b2374');
  g.addColorStop(1, '#120e36');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  // A few fixed stars (the same picture every time for the same reading).
  ctx.fillStyle = 'rgba(241, 215, 138, 0.55)';
  for (let i = 0; i < 60; i++) {
    const x = (i * 733) % w;
    const y = (i * 389 + (i % 7) * 97) % h;
    ctx.beginPath();
    ctx.arc(x, y, (i % 3) + 1, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Draws the cards into `box`, names under (or beside) them; reversed cards turned, the crossing card across. */
async function drawCards(
  ctx: SKRSContext2D,
  p: SpreadPicture,
  deck: DeckId,
  box: { x: number; y: number; w: number; h: number },
  o: { labelH: number; maxName: number; cross: boolean; shadow: number },
) {
  // A saved reading may have no card at all: the picture is its words alone.
  if (!p.cards.length) return;
  const slots = layoutCards(p.cards.length, box, o.labelH, o.cross && p.layout === 'celtic-cross');
  const images = await Promise.all(p.cards.map((c, i) => cardImage(c.cardId, deck, slots[i].w)));
  // One type size for every name in the picture (the cards are all one size): the largest, down to three
  // quarters, at which each name fits one line; a name still too wide goes on two lines in that same size.
  const labelled = slots.find((s) => s.label)!;
  const fullSize = Math.round(Math.max(13, Math.min(o.maxName, labelled.w / 6.5)));
  const minSize = Math.max(12, Math.round(fullSize * 0.75));
  let nameSize = fullSize;
  for (; nameSize > minSize; nameSize--) {
    ctx.font = `${nameSize}px ${SANS}`;
    if (p.cards.every((c, i) => !slots[i].label || ctx.measureText(c.name).width <= slots[i].labelW)) break;
  }
  // Where the last name drawn under a card ended: the crossing card's name follows the first card's.
  let lastBelow = 0;
  p.cards.forEach((c, i) => {
    const s = slots[i];
    ctx.save();
    ctx.translate(s.x + s.w / 2, s.y + s.h / 2);
    if (s.across) ctx.rotate(Math.PI / 2);
    if (c.reversed) ctx.rotate(Math.PI);
    ctx.shadowColor = 'rgba(0,0,0,0.45)';
    ctx.shadowBlur = o.shadow;
    ctx.drawImage(images[i], -s.w / 2, -s.h / 2, s.w, s.h);
    ctx.restore();
    if (!s.label) return;
    ctx.fillStyle = '#ffffff';
    // Smaller than the shared size only if even two lines of it are too narrow (not with the deck's names).
    const lines = fitType(ctx, c.name, { maxWidth: s.labelW, maxLines: 2, size: nameSize, minSize: 11, family: SANS });
    const lineH = nameSize * 1.15;
    const markH = c.reversed ? nameSize * 1.1 : 0;
    // Under the card, centred; or beside it, left-aligned and centred on the card's height.
    const right = s.label === 'right';
    const x = right ? s.x + s.w * 1.1 : s.x + s.w / 2;
    let y = right
      ? s.y + s.h / 2 - ((lines.length - 1) * lineH + markH) / 2 + nameSize * 0.35
      : s.labelDy
        ? lastBelow + lineH
        : s.y + s.h + nameSize * 1.3;
    ctx.textAlign = right ? 'left' : 'center';
    lines.forEach((line, k) => {
      if (k) y += lineH;
      ctx.fillText(line, x, y);
    });
    lastBelow = y + markH;
    if (c.reversed) {
      ctx.fillStyle = '#c9a54e';
      ctx.font = `${Math.round(nameSize * 0.78)}px ${SANS}`;
      ctx.fillText('перевёрнутая', x, y + markH);
    }
  });
}

const GOLD = '#f1d78a';
const FOOTER = 'Расклад сделан в Telegram · только для развлечения';

/** Story 1080×1920: the header on top, the cards in the middle, the summary and the footer below. */
async function drawStory(ctx: SKRSContext2D, p: SpreadPicture, deck: DeckId, W: number, H: number) {
  const pad = 72;
  ctx.textAlign = 'center';
  let y = 150;
  ctx.fillStyle = '#c9a54e';
  ctx.font = `34px ${SANS}`;
  ctx.fillText(topLine(p), W / 2, y);
  y += 84;
  ctx.fillStyle = GOLD;
  ctx.fillText(fitType(ctx, p.spreadName, { maxWidth: W - pad * 2, maxLines: 1, size: 72, minSize: 48, family: SERIF })[0], W / 2, y);
  if (p.question) {
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    ctx.font = `40px ${SANS}`;
    for (const line of wrap(ctx, `«${p.question}»`, W - pad * 2, 3)) {
      y += 60;
      ctx.fillText(line, W / 2, y);
    }
  }
  const footerY = H - 90;
  ctx.font = `40px ${SANS}`;
  const summary = wrap(ctx, p.summary, W - pad * 2, 3);
  const lineH = 58;
  const summaryTop = footerY - 80 - summary.length * lineH;
  const top = y + 70;
  await drawCards(
    ctx,
    p,
    deck,
    { x: pad, y: top, w: W - pad * 2, h: summaryTop - top - 40 },
    { labelH: 80, maxName: 32, cross: true, shadow: 24 },
  );
  ctx.textAlign = 'center';
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  ctx.font = `40px ${SANS}`;
  summary.forEach((line, i) => {
    ctx.fillText(line, W / 2, summaryTop + (i + 1) * lineH);
  });
  ctx.fillStyle = '#c9a54e';
  ctx.font = `30px ${SANS}`;
  ctx.fillText(FOOTER, W / 2, footerY);
}

/** Card 1200×630: the words on the left, the cards on the right. */
async function drawCard(ctx: SKRSContext2D, p: SpreadPicture, deck: DeckId, W: number, H: number) {
  const pad = 48;
  const colW = 430;
  ctx.textAlign = 'left';
  let y = 90;
  ctx.fillStyle = '#c9a54e';
  ctx.font = `22px ${SANS}`;
  ctx.fillText(topLine(p), pad, y);
  ctx.fillStyle = GOLD;
  for (const line of fitType(ctx, p.spreadName, { maxWidth: colW, maxLines: 2, size: 46, minSize: 34, family: SERIF })) {
    y += 58;
    ctx.fillText(line, pad, y);
  }
  if (p.question) {
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    ctx.font = `24px ${SANS}`;
    y += 14;
    for (const line of wrap(ctx, `«${p.question}»`, colW, 3)) {
      y += 34;
      ctx.fillText(line, pad, y);
    }
  }
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  ctx.font = `24px ${SANS}`;
  y += 26;
  const left = Math.max(1, Math.floor((H - 80 - y) / 34));
  for (const line of wrap(ctx, p.summary, colW, Math.min(5, left))) {
    y += 34;
    ctx.fillText(line, pad, y);
  }
  ctx.fillStyle = '#c9a54e';
  // The footer keeps to the text column: the cards' names end just right of it.
  ctx.fillText(fitType(ctx, FOOTER, { maxWidth: colW, maxLines: 1, size: 17, minSize: 13, family: SANS })[0], pad, H - 40);
  const boxX = pad + colW + 30;
  await drawCards(
    ctx,
    p,
    deck,
    { x: boxX, y: 36, w: W - boxX - pad / 2, h: H - 72 },
    { labelH: 62, maxName: 20, cross: false, shadow: 14 },
  );
}

// One canvas per format, drawn over each time: a new 8 MB surface per picture is native memory that only a
// garbage collection gives back, and the process keeps what it once held. So pictures are drawn one at a time.
const canvases = new Map<ShareFormat, Canvas>();
let drawing: Promise<unknown> = Promise.resolve();

async function draw(p: SpreadPicture, format: ShareFormat, deck: DeckId): Promise<Buffer> {
  ensureFonts();
  const { width: W, height: H } = SHARE_SIZES[format];
  let canvas = canvases.get(format);
  if (!canvas) canvases.set(format, (canvas = createCanvas(W, H)));
  const ctx = canvas.getContext('2d');
  ctx.reset();
  ctx.textBaseline = 'alphabetic';
  // The scans are drawn smaller than their files: the default ('low') filter would alias their fine lines.
  ctx.imageSmoothingQuality = 'high';
  background(ctx, W, H);
  if (format === 'story') await drawStory(ctx, p, deck, W, H);
  else await drawCard(ctx, p, deck, W, H);
  // Encoded on this thread: encode() would do it on libuv's thread pool, which the whole process shares at the
  // server's priority, out of reach of the drawing thread's lowered one (worker.ts). The same bytes either way.
  return canvas.encodeSync('jpeg', JPEG_QUALITY);
}

export function renderSpreadPicture(p: SpreadPicture, format: ShareFormat, deck: DeckId = 'rws'): Promise<Buffer> {
  const next = drawing.then(() => draw(p, format, deck));
  drawing = next.catch(() => undefined);
  return next;
}

/** The picture's top line: an own-deck reading says so there, where no long spread name can cut it off. */
const topLine = (p: SpreadPicture) => (p.ownDeck ? `ТАРО · ${OWN_DECK_MARK.toUpperCase()}` : 'ТАРО · КАРТЫ ГОВОРЯТ');
