// The share picture's names: every spread's name and the longest card names («Восьмёрка Пентаклей»,
// «Королева Кубков») are drawn whole, in a smaller type or on two lines if need be, and the cards' names of one
// picture all in one size, in both formats. The canvas's own fillText is watched while the real renderer
// draws each spread with the longest names in the deck.
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECK } from '../../domain/tarot/deck';
import { SPREADS } from '../../domain/tarot/spreads';
import type { ShareFormat } from './picture';
import { renderSpreadPicture } from './render';

const longest = [...DECK].sort((a, b) => b.name.length - a.name.length);

describe('share picture: names', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<ShareFormat>(['card', 'story'])(
    'every spread name and the longest card names are drawn whole, the card names in one size (%s)',
    async (format) => {
      let drawn: { text: string; font: string }[] = [];
      const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d'));
      const fillText = proto.fillText;
      vi.spyOn(proto, 'fillText').mockImplementation(function (this: { font: string }, text: unknown, ...rest: unknown[]) {
        drawn.push({ text: String(text), font: this.font });
        return fillText.call(this, text, ...rest);
      });
      for (const spread of SPREADS) {
        drawn = [];
        const cards = spread.positions.map((positionName, k) => ({
          cardId: longest[k].id,
          name: longest[k].name,
          reversed: k % 2 === 1,
          positionName,
        }));
        await renderSpreadPicture(
          { spreadName: spread.name, layout: spread.pictureLayout, question: null, summary: 'Коротко: всё решается.', cards },
          format,
        );
        // A name is drawn on one line, or on two drawn one after the other.
        const at = (name: string) => drawn.findIndex((d, i) => d.text === name || `${d.text} ${drawn[i + 1]?.text}` === name);
        expect(at(spread.name), spread.name).toBeGreaterThanOrEqual(0);
        const fonts = new Set<string>();
        // Every card is named, the Celtic cross's crossing card (the second) too.
        for (const c of cards) {
          const i = at(c.name);
          expect(i, `${spread.name}: ${c.name}`).toBeGreaterThanOrEqual(0);
          fonts.add(drawn[i].font);
        }
        expect([...fonts], `${spread.name}: one size for the cards' names`).toHaveLength(1);
        expect(
          drawn.filter((d) => d.text.includes('…')).map((d) => d.text),
          spread.name,
        ).toEqual([]);
      }
    },
    60_000,
  );
});
