// Builds the classic deck's web images from the Rider–Waite–Smith scans (mNN/cNN/pNN/sNN/wNN.jpg, 350×600).
// Run once when the scans change; the output is committed, so neither the app nor CI needs sharp:
//   npm install --prefix /tmp/sharp sharp@0.34
//   NODE_PATH=/tmp/sharp/node_modules node scripts/build-deck-images.mjs <folder with the scans>
// Writes webapp/public/decks/rws/<card id>.webp (350×600, the zoomed card) and <card id>-s.webp (120×206, the mat).
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const source = process.argv[2];
if (!source) throw new Error('usage: build-deck-images.mjs <scans folder>');
// sharp is not a dependency of the app: it is resolved through NODE_PATH.
const require = createRequire(import.meta.url);
const sharp = (await import(require.resolve('sharp'))).default;

const MAJORS = ['fool', 'magician', 'high-priestess', 'empress', 'emperor', 'hierophant', 'lovers', 'chariot',
  'strength', 'hermit', 'wheel-of-fortune', 'justice', 'hanged-man', 'death', 'temperance', 'devil', 'tower',
  'star', 'moon', 'sun', 'judgement', 'world'];
const RANKS = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'page', 'knight',
  'queen', 'king'];
const SUITS = { cups: 'c', pentacles: 'p', swords: 's', wands: 'w' };

const jobs = MAJORS.map((id, n) => [id, `m${String(n).padStart(2, '0')}.jpg`]);
for (const [suit, letter] of Object.entries(SUITS)) {
  RANKS.forEach((rank, i) => jobs.push([`${rank}-of-${suit}`, `${letter}${String(i + 1).padStart(2, '0')}.jpg`]));
}

const out = path.resolve('webapp/public/decks/rws');
mkdirSync(out, { recursive: true });
for (const [id, file] of jobs) {
  const input = path.join(source, file);
  await sharp(input).resize(350, 600, { fit: 'fill' }).webp({ quality: 60, effort: 6 }).toFile(path.join(out, `${id}.webp`));
  await sharp(input).resize(120, 206, { fit: 'fill' }).webp({ quality: 72 }).toFile(path.join(out, `${id}-s.webp`));
}
console.log(`${jobs.length} cards written to ${out}`);
