// One card for a typed question: the question model decides what it may say.
import { describe, expect, it } from 'vitest';
import { CARD_BY_ID } from '../tarot/deck';
import { yesNoCard } from './yes-no';

const card = (id: string) => CARD_BY_ID.get(id)!;

describe('yes/no card', () => {
  it('a hoped event: a favourable card leans to yes, a hard one to no', () => {
    const sun = yesNoCard('Получу ли я эту работу?', card('sun'), 'upright', true);
    const tower = yesNoCard('Получу ли я эту работу?', card('tower'), 'upright', true);
    expect(sun).toMatchObject({ kind: 'card', sensitive: false });
    expect(tower).toMatchObject({ kind: 'card', sensitive: false });
    expect(['Да', 'Скорее да']).toContain(sun.kind === 'card' && sun.verdict);
    expect(['Нет', 'Скорее нет']).toContain(tower.kind === 'card' && tower.verdict);
    expect(sun.kind === 'card' && sun.text).toContain('**Солнце**');
  });

  it('a feared event is turned round: a favourable card says it is unlikely', () => {
    const r = yesNoCard('Изменяет ли мне муж?', card('sun'), 'upright', true);
    expect(['Нет', 'Скорее нет']).toContain(r.kind === 'card' && r.verdict);
  });

  it('health, pregnancy and court get no yes or no, and the professional to see', () => {
    for (const [q, who] of [
      ['Я беременна?', 'гинеколог'],
      ['Выиграю ли я суд?', 'юрист'],
      ['Пройдёт ли операция у папы успешно?', 'врач'],
    ]) {
      const r = yesNoCard(q, card('sun'), 'upright', true);
      expect(r).toMatchObject({ kind: 'card', verdict: null, sensitive: true });
      expect(r.kind === 'card' && r.text).toContain(who);
    }
  });

  it('a crisis gets the help lines and no card', () => {
    const r = yesNoCard('не хочу жить, станет ли легче', card('sun'), 'upright', true);
    expect(r.kind).toBe('crisis');
    expect(r.kind === 'crisis' && r.crisis.lines.map((l) => l.phone)).toContain('8-800-2000-122');
  });

  it('a question that is not a yes/no gets the card’s answer without a verdict', () => {
    const r = yesNoCard('Что меня ждёт на этой неделе?', card('star'), 'upright', true);
    expect(r).toMatchObject({ kind: 'card', verdict: null, sensitive: false });
  });
});
