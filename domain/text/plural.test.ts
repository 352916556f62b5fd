import { describe, expect, it } from 'vitest';
import { cardsWord, pluralRu } from './plural';

describe('pluralRu', () => {
  const word = (n: number) => pluralRu(n, 'расклад', 'расклада', 'раскладов');

  it('chooses one, few and many as Russian grammar does', () => {
    expect([0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111, 112, 122, 1000].map(word)).toEqual([
      'раскладов',
      'расклад',
      'расклада',
      'расклада',
      'раскладов',
      'раскладов',
      'раскладов',
      'раскладов',
      'раскладов',
      'расклад',
      'расклада',
      'раскладов',
      'расклад',
      'раскладов',
      'раскладов',
      'расклада',
      'раскладов',
    ]);
  });

  it('gives a fraction the few form', () => {
    expect(word(2.5)).toBe('расклада');
    expect(word(1.5)).toBe('расклада');
  });

  it('names cards', () => {
    expect([1, 3, 10, 21].map((n) => `${n} ${cardsWord(n)}`)).toEqual(['1 карта', '3 карты', '10 карт', '21 карта']);
  });
});
