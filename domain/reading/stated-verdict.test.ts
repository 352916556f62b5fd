// The verdict a model's text states, read conservatively (only an explicit one counts), and the guard that puts
// the card-based conclusion in place of a contrary one.
import { describe, expect, it } from 'vitest';
import { composeWithPlan } from '.';
import { promptCards, type ReadingPromptInput } from './prompts';
import { statedOptions, statedVerdicts } from './stated-verdict';
import { guardVerdict } from './verdict-guard';
import type { DealtCard } from '../types';

const v = (text: string) => [...statedVerdicts(text)].sort();

describe('statedVerdicts', () => {
  it('reads explicit verdicts', () => {
    expect(v('Ответ карт — «нет».')).toEqual(['no']);
    expect(v('Итак, ответ: скорее да, но не сразу.')).toEqual(['yes']);
    expect(v('Карты говорят «скорее нет»: **Башня** против.')).toEqual(['no']);
    expect(v('Ответ отрицательный.')).toEqual(['no']);
    expect(v('## Общий вывод\n\nНет.\n\nНо не отчаивайтесь.')).toEqual(['no']);
    expect(v('Расклад отвечает: да, и уверенно.')).toEqual(['yes']);
    expect(v('Мой ответ — "да".')).toEqual(['yes']);
  });

  it('does not count a denied, weighed or mixed verdict', () => {
    expect(v('Карты не дают ни «да», ни «нет».')).toEqual([]);
    expect(v('Это не «нет», а приглашение подождать.')).toEqual([]);
    expect(v('Ответ колеблется между «да» и «нет».')).toEqual([]);
    expect(v('Сказать «да» или «нет» пока нельзя.')).toEqual([]);
    expect(v('Да, эта карта непростая, и нет смысла её бояться.')).toEqual([]);
    expect(v('Нет ничего страшного в паузе.')).toEqual([]);
    expect(v('Ответ — да или нет — зависит от вас.')).toEqual([]);
  });

  it('reads which option of an either/or a sentence favours', () => {
    const o = ['остаться в этом городе', 'переехать'] as const;
    expect([...statedOptions('Карты склоняются к тому, чтобы переехать.', o)]).toEqual([1]);
    expect([...statedOptions('Выбор в пользу того, чтобы остаться в этом городе.', o)]).toEqual([0]);
    expect([...statedOptions('Карты не советуют переехать сейчас.', o)]).toEqual([]);
    expect([...statedOptions('Остаться в этом городе или переехать — решать вам.', o)]).toEqual([]);
    expect([...statedOptions('Переехать можно, но подумайте.', o)]).toEqual([]);
  });
});

const dealt = (ids: string[]): DealtCard[] => ids.map((cardId, position) => ({ cardId, position, orientation: 'upright' }));
const input = (question: string, ids: string[]): ReadingPromptInput => ({
  spreadType: 'past_present_future',
  question,
  level: 'basic',
  cards: promptCards('past_present_future', dealt(ids)),
});

describe('guardVerdict', () => {
  const yes = input('Получу ли я повышение?', ['sun', 'star', 'world']);

  it('a contrary verdict keeps the text but ends with the card-based conclusion', () => {
    const { plan } = composeWithPlan(yes);
    expect(plan!.verdict).toBe('yes2');
    const model = '## Прошлое, настоящее и будущее\n\nКарты светлые.\n\n## Общий вывод\n\nОтвет — «нет». Не ждите повышения.';
    const out = guardVerdict(model, yes);
    expect(out.replaced).toBe(true);
    expect(out.text.startsWith('## Прошлое, настоящее и будущее\n\nКарты светлые.\n\n## Общий вывод\n\n')).toBe(true);
    expect(out.text).toContain(plan!.answer.text);
    expect(out.text).not.toContain('Не ждите повышения');
    expect(statedVerdicts(out.text.slice(out.text.lastIndexOf('## '))).has('yes')).toBe(true);
  });

  it('an agreeing or non-committal text is untouched', () => {
    for (const model of ['## Общий вывод\n\nОтвет — «да».', '## Общий вывод\n\nКарты не говорят ни «да», ни «нет».'])
      expect(guardVerdict(model, yes)).toEqual({ text: model, replaced: false });
  });

  it('an either/or: the other option is replaced, the plan’s option is kept', () => {
    const choice = input('Остаться в этом городе или переехать?', ['sun', 'star', 'tower']);
    const { plan } = composeWithPlan(choice);
    const win = plan!.answer.option!;
    const lose = win === 'Остаться в этом городе' ? 'переехать' : 'остаться в этом городе';
    expect(guardVerdict(`## Общий вывод\n\nКарты советуют ${lose}.`, choice).replaced).toBe(true);
    expect(guardVerdict(`## Общий вывод\n\nКарты советуют ${win.toLowerCase()}.`, choice).replaced).toBe(false);
  });

  it('a sensitive question has no verdict to guard', () => {
    const health = input('Вылечусь ли я от болезни?', ['sun', 'star', 'world']);
    expect(guardVerdict('## Общий вывод\n\nОтвет — «нет».', health).replaced).toBe(false);
  });
});
