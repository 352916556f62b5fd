// The library's data and the lesson's questions: every card has its element and number, the search finds by
// name before keyword, and a lesson's questions are fair (three different answers, exactly one the card's).
import { describe, expect, it } from 'vitest';
import { cardIdFromStartParam, cardLore, findCard, searchCards } from './card-library';
import { DECK } from './deck';
import { lessonFor } from './lesson';

describe('card library data', () => {
  it('every card has an element, a number label, and every major a correspondence', () => {
    for (const c of DECK) {
      const lore = cardLore(c);
      expect(['fire', 'water', 'air', 'earth']).toContain(lore.element);
      expect(lore.numberLabel).toMatch(
        c.suit === 'major' ? /^Старший аркан · [0IVXL]+$/ : /^(Кубки|Пентакли|Мечи|Жезлы) · (Туз|\d+|Паж|Рыцарь|Королева|Король)$/,
      );
      if (c.suit === 'major') expect(lore.correspondence).toBeTruthy();
    }
    expect(cardLore(DECK.find((c) => c.id === 'tower')!)).toMatchObject({
      element: 'fire',
      numberLabel: 'Старший аркан · XVI',
      correspondence: 'Марс',
    });
  });

  it('search: by name (ё = е, any case) before a keyword; a card by id or name; deep-link ids', () => {
    expect(searchCards('ЗВЁЗД').map((c) => c.id)).toEqual(['star']);
    const hope = searchCards('надежд').map((c) => c.id);
    expect(hope).toContain('star');
    // The four aces by name first (then a keyword such as «энтузиазм»).
    expect(
      searchCards('туз')
        .map((c) => c.id)
        .slice(0, 4),
    ).toEqual(['ace-of-cups', 'ace-of-pentacles', 'ace-of-swords', 'ace-of-wands']);
    expect(searchCards('  ')).toHaveLength(78);
    expect(findCard('колесо  фортуны')?.id).toBe('wheel-of-fortune');
    expect(findCard('sun')?.id).toBe('sun');
    expect(findCard('единорог')).toBeUndefined();
    expect(cardIdFromStartParam('card_ace-of-cups')).toBe('ace-of-cups');
    expect(cardIdFromStartParam('card_unicorn')).toBeNull();
    expect(cardIdFromStartParam('ref_5')).toBeNull();
  });
});

describe('the daily lesson', () => {
  it('is the same for a user and day, and fair: three different answers, one the card’s meaning, none offered twice', () => {
    for (let user = 1; user <= 40; user++) {
      for (const day of ['2026-01-01', '2026-06-15']) {
        const lesson = lessonFor(user, day);
        expect(lessonFor(user, day)).toEqual(lesson);
        expect(new Set(lesson.map((q) => q.cardId)).size).toBe(3);
        expect(lesson.map((q) => q.orientation).slice(0, 2)).toEqual(['upright', 'reversed']);
        expect(new Set(lesson.flatMap((q) => q.choices)).size).toBe(3 * 3);
        for (const q of lesson) {
          const card = DECK.find((c) => c.id === q.cardId)!;
          const right = q.orientation === 'reversed' ? card.reversedMeaning : card.meaning;
          expect(new Set(q.choices).size).toBe(3);
          expect(q.choices[q.answer]).toBe(right);
          expect(q.choices.filter((t) => t === right)).toHaveLength(1);
        }
      }
    }
    expect(lessonFor(1, '2026-01-01')).not.toEqual(lessonFor(1, '2026-01-02'));
  });
});
