// The share picture's names: every spread's name and the longest card names («Восьмёрка Пентаклей»,
// «Королева Кубков») are drawn whole, in a smaller type if need be, in both formats. The canvas's own
// fillText is watched while the real renderer draws each spread with the longest names in the deck.
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECK } from '../../domain/deck';
import { SPREADS } from '../../domain/spreads';
import { renderSpreadPicture, type ShareFormat } from './render';

const longest = [...DECK].sort((a, b) => b.name.length - a.name.length);

describe('share picture: names', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<ShareFormat>(['card', 'story'])('every spread name and the longest card names are drawn whole (%s)', async (format) => {
    const drawn: string[] = [];
    const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d'));
    const fillText = proto.fillText;
    vi.spyOn(proto, 'fillText').mockImplementation(function (this: unknown, text: unknown, ...rest: unknown[]) {
      drawn.push(String(text));
      return fillText.call(this, text, ...rest);
    });
    for (const spread of SPREADS) {
      const cards = spread.positions.map((positionName, k) => ({ cardId: longest[k].id, name: longest[k].name, reversed: k % 2 === 1, positionName }));
      await renderSpreadPicture({ spreadName: spread.name, question: null, summary: 'Коротко: всё решается.', cards }, format);
      // A name is drawn on one line, or on two drawn one after the other.
      const whole = (name: string) => drawn.some((t, i) => t === name || `${t} ${drawn[i + 1]}` === name);
      expect(whole(spread.name), spread.name).toBe(true);
      for (const c of cards) expect(whole(c.name), `${spread.name}: ${c.name}`).toBe(true);
    }
    expect(drawn.filter((t) => t.includes('…'))).toEqual([]);
  }, 60_000);
});
