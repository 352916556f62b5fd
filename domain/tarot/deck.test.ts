import { describe, it, expect } from 'vitest';
import { DECK, CARD_BY_ID, getCard, cardMeaning } from './deck';
import type { Suit } from '../types';

const SLUG = /^[a-z]+(-[a-z]+)*$/;
const MINOR_SLUG = /^(ace|two|three|four|five|six|seven|eight|nine|ten|page|knight|queen|king)-of-(cups|pentacles|swords|wands)$/;

describe('DECK', () => {
  it('has 78 cards with unique ids and unique names', () => {
    expect(DECK).toHaveLength(78);
    expect(new Set(DECK.map((c) => c.id)).size).toBe(78);
    expect(new Set(DECK.map((c) => c.name)).size).toBe(78);
  });

  it('has 22 majors and 14 cards per minor suit', () => {
    const count = (suit: Suit) => DECK.filter((c) => c.suit === suit).length;
    expect(count('major')).toBe(22);
    for (const suit of ['cups', 'pentacles', 'swords', 'wands'] as const) {
      expect(count(suit)).toBe(14);
    }
  });

  it('is ordered: majors 0..21, then cups, pentacles, swords, wands ace..king', () => {
    DECK.forEach((card, i) => {
      expect(card.number).toBe(i + 1);
    });
    const order: Suit[] = ['major', 'cups', 'pentacles', 'swords', 'wands'];
    const expectedSuits = [...Array<Suit>(22).fill('major'), ...order.slice(1).flatMap((s) => Array<Suit>(14).fill(s))];
    expect(DECK.map((c) => c.suit)).toEqual(expectedSuits);
    DECK.slice(0, 22).forEach((card, i) => {
      expect(card.rank).toBe(i);
    });
    DECK.slice(22).forEach((card, i) => {
      expect(card.rank).toBe((i % 14) + 1);
    });
    expect(DECK[0].id).toBe('fool');
    expect(DECK[8].id).toBe('strength');
    expect(DECK[11].id).toBe('justice');
    expect(DECK[21].id).toBe('world');
    expect(DECK[22].id).toBe('ace-of-cups');
    expect(DECK[77].id).toBe('king-of-wands');
  });

  it('uses slug ids and matching image paths', () => {
    for (const card of DECK) {
      expect(card.id).toMatch(SLUG);
      if (card.suit !== 'major') {
        expect(card.id).toMatch(MINOR_SLUG);
        expect(card.id.endsWith(`-of-${card.suit}`)).toBe(true);
      }
      expect(card.image).toBe(`/cards/${card.suit}/${card.id}.svg`);
    }
  });

  it('gives every card five distinct keywords each way and non-empty meanings', () => {
    for (const card of DECK) {
      for (const list of [card.keywords, card.reversedKeywords]) {
        expect(list).toHaveLength(5);
        expect(new Set(list).size).toBe(5);
        for (const word of list) {
          expect(word.trim()).not.toBe('');
          expect(word).toBe(word.toLowerCase());
        }
      }
      expect(card.meaning.trim().length).toBeGreaterThan(40);
      expect(card.meaning.length).toBeLessThanOrEqual(220);
      expect(card.reversedMeaning.trim().length).toBeGreaterThan(20);
    }
  });

  it('never repeats a meaning text', () => {
    expect(new Set(DECK.map((c) => c.meaning)).size).toBe(78);
    expect(new Set(DECK.map((c) => c.reversedMeaning)).size).toBe(78);
  });

  it('names minors in Russian', () => {
    expect(getCard('ace-of-cups')?.name).toBe('Туз Кубков');
    expect(getCard('two-of-pentacles')?.name).toBe('Двойка Пентаклей');
    expect(getCard('page-of-swords')?.name).toBe('Паж Мечей');
    expect(getCard('knight-of-wands')?.name).toBe('Рыцарь Жезлов');
    expect(getCard('queen-of-cups')?.name).toBe('Королева Кубков');
    expect(getCard('king-of-pentacles')?.name).toBe('Король Пентаклей');
  });
});

describe('lookup helpers', () => {
  it('finds cards by id', () => {
    expect(getCard('high-priestess')?.name).toBe('Верховная Жрица');
    expect(getCard('wheel-of-fortune')?.name).toBe('Колесо Фортуны');
    expect(getCard('nope')).toBeUndefined();
    expect(CARD_BY_ID.size).toBe(78);
    for (const card of DECK) expect(CARD_BY_ID.get(card.id)).toBe(card);
  });

  it('cardMeaning joins the first three keywords of the orientation', () => {
    const fool = getCard('fool')!;
    expect(cardMeaning(fool, 'upright')).toBe(fool.keywords.slice(0, 3).join(', '));
    expect(cardMeaning(fool, 'reversed')).toBe(fool.reversedKeywords.slice(0, 3).join(', '));
    expect(cardMeaning(fool, 'upright')).toBe('новое начало, спонтанность, свобода');
    expect(cardMeaning(fool, 'upright').split(', ')).toHaveLength(3);
  });
});
