// The memory lines: same topic only, within 60 days, at most two, dates said, a sensitive past question never
// quoted back, and nothing without an earlier reading.
import { describe, expect, it } from 'vitest';
import { dayLabel, memoryParagraph, memoryPromptLines, recall, type PastReading } from './memory';

const now = {
  day: '2026-12-07',
  question: 'Получу ли я повышение на работе?',
  spreadType: 'past_present_future',
  cardIds: ['fool', 'tower', 'sun'],
};
const past = (id: number, day: string, question: string, cardIds: string[]): PastReading => ({
  id,
  day,
  question,
  spreadType: 'past_present_future',
  cardIds,
});

describe('reader memory lines', () => {
  it('says dates as «12 ноября», with the year only when it differs, and «сегодня»', () => {
    expect(dayLabel('2026-11-12', '2026-12-07')).toBe('12 ноября');
    expect(dayLabel('2025-12-30', '2026-01-02')).toBe('30 декабря 2025');
    expect(dayLabel('2026-12-07', '2026-12-07')).toBe('сегодня');
  });

  it('recalls nothing without an earlier reading on the topic, or one older than 60 days', () => {
    expect(recall(now, [])).toEqual([]);
    expect(recall(now, [past(1, '2026-12-01', 'Любит ли он меня?', ['tower'])])).toEqual([]);
    expect(recall(now, [past(1, '2026-10-01', 'Стоит ли менять работу?', ['tower'])])).toEqual([]);
  });

  it('at most two lines: the card seen most often, then the last reading; over a month it says «за два месяца»', () => {
    const lines = recall(now, [
      past(3, '2026-12-01', 'Что ждёт меня на работе?', ['sun', 'moon']),
      past(2, '2026-11-20', 'Как сложится проект на работе?', ['tower', 'sun']),
      past(1, '2026-10-20', 'Стоит ли менять работу?', ['tower', 'star']),
    ]);
    expect(lines.map((l) => l.kind)).toEqual(['card', 'last']);
    expect(lines[0].text).toMatch(
      /^\*\*Башня\*\* выпадает вам уже третий раз за два месяца в вопросах о работе: прежде — 20 октября и 20 ноября\./,
    );
    expect(lines[1].text).toMatch(
      /^В прошлый раз, 1 декабря, вы спрашивали: «Что ждёт меня на работе\?» — тогда легли карты: \*\*Солнце\*\* и \*\*Луна\*\*\./,
    );
    expect(memoryParagraph(lines)).toBe(`${lines[0].text} ${lines[1].text}`);
    expect(memoryPromptLines(lines).join('\n')).toContain('<<<ПРОШЛЫЙ ВОПРОС\nЧто ждёт меня на работе?\nПРОШЛЫЙ ВОПРОС>>>');
  });

  it('never quotes back a question on a sensitive theme: it names the topic only', () => {
    const health = { ...now, question: 'Что с моим здоровьем?', cardIds: ['star'] };
    const lines = recall(health, [past(1, '2026-12-01', 'Есть ли у меня рак?', ['moon'])]);
    expect(lines).toHaveLength(1);
    expect(lines[0].text).toBe(
      'В прошлый раз, 1 декабря, вы тоже спрашивали о здоровье — тогда легла карта **Луна**. Посмотрите, что изменилось с тех пор.',
    );
    expect(memoryPromptLines(lines).join('\n')).not.toContain('рак');
  });
});
