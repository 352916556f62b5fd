// The micro pack's tip without an AI (fallbackMicroAdvice): an extra card's keywords are offered as support
// only when the card reads as support in its orientation; a challenging card's keywords are named as a warning.
import { describe, expect, it } from 'vitest';
import { CARD_BY_ID } from '../../domain/tarot/deck';
import type { Orientation } from '../../domain/types';
import { fallbackMicroAdvice, microCardView } from './micro';

const pack = (...cards: [string, Orientation][]) =>
  cards.map(([cardId, orientation], i) => microCardView({ cardId, orientation, position: i }, i));
const keywords = (id: string, o: Orientation) => {
  const card = CARD_BY_ID.get(id)!;
  return (o === 'reversed' ? card.reversedKeywords : card.keywords).slice(0, 2).join(' и ');
};

describe('the micro pack tip built from the cards', () => {
  it('leans on a supporting extra card and warns of a challenging one', () => {
    const tip = fallbackMicroAdvice(
      pack(['four-of-wands', 'reversed'], ['nine-of-pentacles', 'upright'], ['knight-of-wands', 'reversed']),
      true,
    );
    const [support, warning] = tip.split('чего остерегаться:');
    expect(support).toContain(
      `Дополнительная карта «Девятка Пентаклей» подсказывает, на что опереться: ${keywords('nine-of-pentacles', 'upright')}.`,
    );
    expect(support).not.toContain(keywords('knight-of-wands', 'reversed'));
    expect(tip).toContain(`Карта «Рыцарь Жезлов» предупреждает, чего остерегаться: ${keywords('knight-of-wands', 'reversed')}.`);
    expect(warning).not.toContain('Девятка Пентаклей');
  });

  it('reads the card, not only its orientation: the Devil upright warns, the Four of Cups reversed supports', () => {
    const tip = fallbackMicroAdvice(pack(['sun', 'upright'], ['devil', 'upright'], ['four-of-cups', 'reversed']), true);
    expect(tip).toContain(
      `Дополнительная карта «Четвёрка Кубков» подсказывает, на что опереться: ${keywords('four-of-cups', 'reversed')}.`,
    );
    expect(tip).toContain(`Карта «Дьявол» предупреждает, чего остерегаться: ${keywords('devil', 'upright')}.`);
  });

  it('names both extra cards together when they read the same way', () => {
    const light = fallbackMicroAdvice(pack(['sun', 'upright'], ['star', 'upright'], ['world', 'upright']), false);
    expect(light).toContain('Дополнительные карты «Звезда» и «Мир» подсказывают, на что опереться:');
    expect(light).not.toContain('остерегаться');
    const hard = fallbackMicroAdvice(pack(['sun', 'upright'], ['tower', 'upright'], ['three-of-swords', 'upright']), false);
    expect(hard).toContain('Дополнительные карты «Башня» и «Тройка Мечей» предупреждают, чего остерегаться:');
    expect(hard).not.toContain('опереться');
  });
});
