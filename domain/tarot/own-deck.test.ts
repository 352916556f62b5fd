// The own-deck cards check: one card of the deck per position, none twice, the field named, the count said in
// proper Russian.
import { describe, expect, it } from 'vitest';
import { checkOwnCards, ownDeckLabel } from './own-deck';

const spread = (cards: number) => ({ name: 'Расклад', cards });
const up = (id: string) => ({ id, reversed: false });

describe('checkOwnCards', () => {
  it('keeps the cards in position order with their orientation', () => {
    expect(checkOwnCards([up('fool'), { id: 'moon', reversed: true }], spread(2))).toEqual({
      ok: true,
      cards: [
        { cardId: 'fool', position: 0, orientation: 'upright' },
        { cardId: 'moon', position: 1, orientation: 'reversed' },
      ],
    });
  });

  it('names the field of a wrong count, an unknown card and a duplicate', () => {
    expect(checkOwnCards([up('fool')], spread(1)).ok).toBe(true);
    expect(checkOwnCards([], spread(1))).toEqual({ ok: false, error: 'ownCards: в раскладе «Расклад» 1 карта, а указано 0' });
    expect(checkOwnCards([up('fool')], spread(5))).toEqual({ ok: false, error: 'ownCards: в раскладе «Расклад» 5 карт, а указано 1' });
    expect(checkOwnCards([up('fool')], spread(13))).toMatchObject({ error: 'ownCards: в раскладе «Расклад» 13 карт, а указано 1' });
    expect(checkOwnCards([up('fool'), up('Sun')], spread(2))).toEqual({ ok: false, error: 'ownCards.1.id: неизвестная карта «Sun»' });
    expect(checkOwnCards([up('fool'), up('sun'), up('fool')], spread(3))).toEqual({
      ok: false,
      error: 'ownCards.2.id: карта «Шут» уже лежит на позиции 1',
    });
  });

  it('the mark follows the spread’s name only for an own-deck reading', () => {
    expect(ownDeckLabel('Расклад дня', true)).toBe('Расклад дня · своя колода');
    expect(ownDeckLabel('Расклад дня', false)).toBe('Расклад дня');
  });
});
