// The share picture's classic cards are sharp: every card is drawn from a file with at least one and a half
// pixels per pixel it covers (the story's big cards from the 480 and 720 px files built from the 900 px scans), with
// the high-quality filter. The canvas's own drawImage is watched while the real renderer draws each spread.
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECK } from '../../domain/tarot/deck';
import { CLASSIC_FILES } from '../../domain/tarot/decks';
import { SPREADS } from '../../domain/tarot/spreads';
import type { ShareFormat } from './picture';
import { renderSpreadPicture, SOURCE_PIXELS_PER_DRAWN } from './render';

describe('share picture: sharp classic cards', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<ShareFormat>(['story', 'card'])(
    'every card is drawn from enough pixels, with the high-quality filter (%s)',
    async (format) => {
      let drawn: { file: number; drawnWidth: number; quality: string }[] = [];
      const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d'));
      const drawImage = proto.drawImage;
      vi.spyOn(proto, 'drawImage').mockImplementation(function (this: { imageSmoothingQuality: string }, ...args: unknown[]) {
        drawn.push({ file: (args[0] as { width: number }).width, drawnWidth: args[3] as number, quality: this.imageSmoothingQuality });
        return drawImage.apply(this, args);
      });
      const classicWidths = Object.values(CLASSIC_FILES).map((f) => f.width);
      for (const spread of SPREADS) {
        drawn = [];
        const cards = spread.positions.map((positionName, k) => ({
          cardId: DECK[k * 3].id,
          name: DECK[k * 3].name,
          reversed: k % 2 === 1,
          positionName,
        }));
        await renderSpreadPicture(
          { spreadName: spread.name, layout: spread.pictureLayout, question: null, summary: 'Коротко: всё решается.', cards },
          format,
          'rws',
        );
        expect(drawn, spread.id).toHaveLength(cards.length);
        for (const d of drawn) {
          expect(classicWidths, spread.id).toContain(d.file);
          expect(d.file, `${spread.id}: a card ${Math.round(d.drawnWidth)} px wide`).toBeGreaterThanOrEqual(
            d.drawnWidth * SOURCE_PIXELS_PER_DRAWN,
          );
          expect(d.quality).toBe('high');
        }
        // The story's three cards (about 290 px wide) come from a sharp size, not the 350 px file they used to.
        if (format === 'story' && spread.id === 'past_present_future') expect(drawn.map((d) => d.file)).toEqual([480, 480, 480]);
      }
    },
    60_000,
  );
});
