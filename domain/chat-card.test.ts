// «Карта для чата»: the chat's card of the day is seeded by the chat and the day; a question's card is read by
// the question model (hoped and feared events answered opposite ways, sensitive themes without a yes/no, a
// crisis without a card).
import { describe, expect, it } from 'vitest';
import { chatCardAnswer, chatDayCard, chatQuestion, type ChatCardAnswer } from './chat-card';
import { valenceOf } from './reading/facts';

const DAY = '2026-11-27';

/** The first chat whose card for `question` is firmly favourable (valence 2): found by search, deterministic. */
function favourableChat(question: string): { chatId: number; a: Extract<ChatCardAnswer, { kind: 'yesno' }> } {
  for (let chatId = -1; chatId > -5000; chatId--) {
    const a = chatCardAnswer(chatId, DAY, question);
    if (a.kind === 'yesno' && valenceOf(a.card.card, a.card.orientation) === 2) return { chatId, a };
  }
  throw new Error('no favourable card in 5000 chats');
}

describe('the chat card', () => {
  it('is one card per chat and day, and another day or chat deals anew', () => {
    expect(chatDayCard(-100123, DAY)).toEqual(chatDayCard(-100123, DAY));
    const days = new Set(Array.from({ length: 30 }, (_, i) => chatDayCard(-100123, `2026-11-${String(i + 1).padStart(2, '0')}`).card.id));
    expect(days.size).toBeGreaterThan(10);
    const chats = new Set(Array.from({ length: 30 }, (_, i) => chatDayCard(-100000 - i, DAY).card.id));
    expect(chats.size).toBeGreaterThan(10);
    const reversed = Array.from({ length: 200 }, (_, i) => chatDayCard(-i, DAY).orientation === 'reversed').filter(Boolean).length;
    expect(reversed).toBeGreaterThan(60);
    expect(reversed).toBeLessThan(140);
  });

  it('takes the bot’s mention out of the question', () => {
    expect(chatQuestion('@tarot_bot   будет ли   дождь?', 'tarot_bot')).toBe('будет ли дождь?');
    expect(chatQuestion('Карты, @Tarot_Bot, скажите', 'tarot_bot')).toBe('Карты, , скажите');
    expect(chatQuestion('@tarot_bot', 'tarot_bot')).toBe('');
  });

  it('with no question, or a request for it, is the chat’s card of the day', () => {
    for (const q of ['', 'привет', 'карту дня!', 'Карта для чата', 'ну покажи карту на сегодня'])
      expect(chatCardAnswer(-7, DAY, q)).toEqual({ kind: 'daily', day: DAY, card: chatDayCard(-7, DAY) });
  });

  it('answers a hoped event «да» and a feared one «нет» on a favourable card; the same question keeps its card that day', () => {
    const hoped = favourableChat('сделает ли он мне предложение?');
    expect(hoped.a.lines[0]).toMatch(/«да»/);
    expect(hoped.a.lines[0]).not.toMatch(/«нет»/);
    expect(hoped.a.lines[1]).toBe(`${hoped.a.card.title}: ${hoped.a.card.meaning}`);
    expect(chatCardAnswer(hoped.chatId, DAY, 'Сделает ли он мне предложение')).toEqual(hoped.a);

    const feared = favourableChat('изменяет ли мне муж?');
    expect(feared.a.lines[0]).toMatch(/«нет»/);
    expect(feared.a.lines[0]).not.toMatch(/«да»/);
  });

  it('gives no yes/no on health, pregnancy, death or court, and names whom to see', () => {
    const cases: [string, string][] = [
      ['выздоровеет ли мама?', 'врачу'],
      ['забеременею ли я в этом году?', 'врачу-гинекологу'],
      ['выиграю ли я суд?', 'юристу'],
      ['умрёт ли дедушка этой зимой?', 'врачу'],
    ];
    for (const [q, who] of cases) {
      for (let chatId = -1; chatId > -40; chatId--) {
        const a = chatCardAnswer(chatId, DAY, q);
        expect(a.kind, q).toBe('sensitive');
        if (a.kind !== 'sensitive') continue;
        expect(a.lines[0]).toContain(`С этим вопросом — к ${who}.`);
        expect(a.lines.join(' ')).not.toMatch(/ответ(?: карт)? — «(да|нет)»|скорее «(да|нет)»|склоняются к (ответу )?«(да|нет)»/i);
      }
    }
  });

  it('gives a crisis help lines and no card', () => {
    const a = chatCardAnswer(-7, DAY, 'не хочу жить');
    expect(a.kind).toBe('crisis');
    if (a.kind === 'crisis') expect(a.crisis.lines.map((l) => l.phone)).toContain('8-800-2000-122');
    expect('card' in a).toBe(false);
  });

  it('reads an open question as advice, without a yes/no', () => {
    const a = chatCardAnswer(-7, DAY, 'что нас ждёт в новом году?');
    expect(a.kind).toBe('advice');
  });
});
