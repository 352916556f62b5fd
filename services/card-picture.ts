// One card's picture as JPEG, for Telegram: a photo sent by URL (an inline result's picture and thumbnail)
// must be a JPEG, and the classic deck's files are WebP. Converted on first request from the 350 px scan
// (~20 ms), turned for a reversed card, and kept in memory: all 78×2 of them at most (~80 KB each, about 12 MB),
// so a public route asked for every card over and over converts each only once. The route lets browsers and
// Telegram cache them for a week.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { CARD_BY_ID } from '../domain/tarot/deck';
import { CLASSIC_FILES } from '../domain/tarot/decks';
import { ServiceError } from './errors';

const RWS_DIR = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'webapp', 'public', 'decks', 'rws');
const SIZE = CLASSIC_FILES.large;
const JPEG_QUALITY = 85;
/** Pictures kept in memory, the most recently asked last: every card in both orientations. */
const KEEP = CARD_BY_ID.size * 2;

/** The path of a card's JPEG under the server's public address. */
export const cardPicturePath = (cardId: string, reversed: boolean) => `/card-images/${cardId}${reversed ? '.reversed' : ''}.jpg`;

export function createCardPictureService() {
  const kept = new Map<string, Promise<Buffer>>();

  async function draw(cardId: string, reversed: boolean): Promise<Buffer> {
    const image = await loadImage(await fs.promises.readFile(path.join(RWS_DIR, `${cardId}${SIZE.suffix}.webp`)));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    if (reversed) {
      ctx.translate(image.width, image.height);
      ctx.rotate(Math.PI);
    }
    ctx.drawImage(image, 0, 0);
    return canvas.encode('jpeg', JPEG_QUALITY);
  }

  return {
    /** The card's JPEG; an unknown card is a not_found error. */
    jpeg(cardId: string, reversed: boolean): Promise<Buffer> {
      if (!CARD_BY_ID.has(cardId)) return Promise.reject(new ServiceError('not_found', 'Такой карты нет'));
      const key = `${cardId}:${reversed ? 1 : 0}`;
      let p = kept.get(key);
      if (p) kept.delete(key);
      else {
        p = draw(cardId, reversed);
        // A failed drawing is not kept: the next request tries again.
        p.catch(() => kept.delete(key));
      }
      kept.set(key, p);
      while (kept.size > KEEP) kept.delete(kept.keys().next().value!);
      return p;
    },
  };
}
