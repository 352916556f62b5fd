// Grammar where a card's name or an element is slotted in: every card, upright and reversed, in every spread
// (its position rotating with the card) and every template that takes a name renders without a case or
// number error — a bare name after a preposition («через **Шут**»), a singular verb beside a plural name
// («Поддержку даёт **Влюблённые**»), «через карта», an element in the nominative after «против» («Вода
// против Огонь»). Slots that need another case than the nominative take «карту/карты/картой **X**».
import { describe, expect, it } from 'vitest';
import { DECK } from '../tarot/deck';
import { SPREADS } from '../tarot/spreads';
import type { DealtCard } from '../types';
import { composeReading } from '.';
import { EVIDENCE } from './conclusion-steps';
import { bold, subj } from './context';
import { promptCards } from './prompts';
import { HEADINGS } from './sections';
import { grammarFlags } from './grammar-flags';

const QUESTIONS = ['Будет ли наш брак счастливым?', 'Как наладить отношения с сестрой?', 'Уволят ли меня?', 'Когда я встречу любовь?'];

describe('card names and elements in their case', () => {
  it('the issue’s examples are flagged', () => {
    for (const bad of [
      'спор стихий — Вода против Огонь',
      'Прошлое напоминает о себе через **Шут**.',
      'Поддержку даёт **Влюблённые**.',
      'Прошлое напоминает о себе через карта **Влюблённые**.',
    ])
      expect(grammarFlags(bad), bad).not.toEqual([]);
    expect(grammarFlags('Прошлое напоминает о себе через карту **Шут**. Поддержку дают **Влюблённые**. Огонь против Воды.')).toEqual([]);
  });

  it('every card in every spread, both orientations and levels: zero flags', () => {
    const flags: string[] = [];
    DECK.forEach((card, n) => {
      const others = DECK.filter((c) => c.id !== card.id);
      for (const [s, spread] of SPREADS.entries()) {
        const at = (n + s) % spread.cards;
        const dealt: DealtCard[] = Array.from({ length: spread.cards }, (_, i) => ({
          cardId: i === at ? card.id : others[(n * 7 + i * 13) % others.length].id,
          position: i,
          orientation: (n + i + s) % 2 ? 'reversed' : 'upright',
        }));
        const firstMonth = spread.id === 'year_forecast' ? 1 + (n % 12) : null;
        const text = composeReading({
          spreadType: spread.id,
          question: QUESTIONS[(n + s) % QUESTIONS.length],
          level: (n + s) % 2 ? 'premium' : 'basic',
          cards: promptCards(spread.id, dealt, firstMonth),
          firstMonth,
        });
        flags.push(...grammarFlags(text));
      }
    });
    expect(flags).toEqual([]);
  });

  it('every section lead and every evidence line with every card name: zero flags', () => {
    const flags: string[] = [];
    for (const card of DECK) {
      const c = { number: 1, card, positionName: 'Итог', orientation: 'upright' as const };
      for (const h of Object.values(HEADINGS))
        for (const lead of h.lead) flags.push(...grammarFlags(`${lead} ${/карт(ы|ой|у)$/.test(lead) ? bold(c) : subj(c)}.`));
      const many = card.id === 'lovers';
      for (const f of [...EVIDENCE.pro, ...EVIDENCE.proBeside, ...EVIDENCE.care]) flags.push(...grammarFlags(f(bold(c), many)));
      for (const f of EVIDENCE.both) flags.push(...grammarFlags(f(bold(c), many, subj(c))));
      for (const f of EVIDENCE.contra) flags.push(...grammarFlags(f(subj(c))));
    }
    expect(flags).toEqual([]);
  });
});
