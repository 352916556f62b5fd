// What a share picture shows, as plain data: the renderer (in a worker thread) draws it, and its hash is the
// picture's cache key, so two readings that would draw the same picture share one stored JPEG. No canvas here:
// the main thread never loads the renderer.
import crypto from 'node:crypto';
import type { DeckId } from '../../domain/tarot/decks';
import type { PictureLayout } from '../../domain/types';

export type ShareFormat = 'story' | 'card';
export type { DeckId };

/** The pixel sizes the pictures are stored and shown at: a story is a phone's screen, a card a link preview. */
export const SHARE_SIZES: Record<ShareFormat, { width: number; height: number }> = {
  story: { width: 1080, height: 1920 },
  card: { width: 1200, height: 630 },
};

/** Bump when the drawing changes: every picture is then drawn again (the old ones age out of the cache). */
const PICTURE_VERSION = 3;

export interface SpreadPicture {
  spreadName: string;
  /** «Свой расклад»: the cards came from the user's own deck; the picture's top line says «своя колода». */
  ownDeck?: boolean;
  /** The spread's own layout (the catalogue's `pictureLayout`). */
  layout: PictureLayout;
  question: string | null;
  summary: string;
  cards: { cardId: string; name: string; reversed: boolean; positionName: string }[];
}

/** One picture to draw. */
export interface PictureJob {
  picture: SpreadPicture;
  format: ShareFormat;
  deck: DeckId;
}

/** The hash of everything drawn: the cache key. */
export function pictureHash(job: PictureJob): string {
  const p = job.picture;
  const drawn = [
    PICTURE_VERSION,
    job.format,
    job.deck,
    p.spreadName,
    p.layout,
    p.question,
    p.summary,
    p.cards.map((c) => [c.cardId, c.name, c.reversed, c.positionName]),
    ...(p.ownDeck ? ['own'] : []),
  ];
  return crypto.createHash('sha256').update(JSON.stringify(drawn)).digest('base64url');
}
