// Builds the classic deck's web images from the Rider–Waite–Smith scans (mNN/cNN/pNN/sNN/wNN.jpg, 900 px wide).
// Run by hand when the scans change; the output is committed, so neither the app nor CI runs it:
//   npx tsx scripts/build-deck-images.ts <folder with the scans> [--quality name=q,…]
// Writes webapp/public/decks/rws/<card id><suffix>.webp for every size of CLASSIC_FILES (domain/tarot/decks.ts):
// the mat's 120 px, the 350 px card, and the zoom's 480 and 720 px. Resized and encoded with @napi-rs/canvas
// (Skia), the same library that draws the share pictures, stretched to the deck's proportions as before.
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { DECK } from '../domain/tarot/deck';
import { CLASSIC_FILES, type CardImageSize } from '../domain/tarot/decks';

/**
 * WebP quality per size: the highest, from `max` down in steps of 5 to `min`, whose file fits `kb`. The scans'
 * paper grain costs bytes, so a grainy card gets a little less quality and the repository stays small
 * (the 720 px cards under about 120 KB each).
 */
const QUALITY: Record<CardImageSize, { max: number; min: number; kb: number }> = {
  small: { max: 72, min: 50, kb: 10 },
  large: { max: 60, min: 35, kb: 50 },
  x2: { max: 60, min: 35, kb: 70 },
  x3: { max: 60, min: 35, kb: 120 },
};

/** A scan's name: mNN for a major (NN its rank), then the suit's letter and the rank for a minor. */
const SUIT_LETTERS = { cups: 'c', pentacles: 'p', swords: 's', wands: 'w' } as const;
const scanName = (c: (typeof DECK)[number]) => `${c.suit === 'major' ? 'm' : SUIT_LETTERS[c.suit]}${String(c.rank).padStart(2, '0')}.jpg`;

const source = process.argv[2];
if (!source) throw new Error('usage: build-deck-images.ts <scans folder>');

const jobs: [string, string][] = DECK.map((c) => [c.id, scanName(c)]);

const out = path.resolve('webapp/public/decks/rws');
fs.mkdirSync(out, { recursive: true });
const largest: Partial<Record<CardImageSize, number>> = {};
let total = 0;
for (const [id, file] of jobs) {
  const scan = await loadImage(await fs.promises.readFile(path.join(source, file)));
  for (const [size, f] of Object.entries(CLASSIC_FILES) as [CardImageSize, (typeof CLASSIC_FILES)[CardImageSize]][]) {
    const canvas = createCanvas(f.width, f.height);
    const ctx = canvas.getContext('2d');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(scan, 0, 0, f.width, f.height);
    const { max, min, kb } = QUALITY[size];
    let webp = await canvas.encode('webp', max);
    for (let q = max - 5; webp.length > kb * 1024 && q >= min; q -= 5) webp = await canvas.encode('webp', q);
    await fs.promises.writeFile(path.join(out, `${id}${f.suffix}.webp`), webp);
    largest[size] = Math.max(largest[size] ?? 0, webp.length);
    total += webp.length;
  }
}
console.log(
  `${jobs.length} cards written to ${out} (${(total / 1024 / 1024).toFixed(1)} MB); the largest file of each size (KB):`,
  Object.fromEntries(Object.entries(largest).map(([k, v]) => [k, Math.round(v / 1024)])),
);
