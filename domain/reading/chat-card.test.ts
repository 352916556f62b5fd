// «Карта для чата»: the chat's card of the day is seeded by the chat and the day; a question's card is seeded by
// the chat, the day and the question, and what it says is the reading's yes/no model (reading/yes-no.ts), the
// one inline «Да или нет» uses: hoped and feared events answered opposite ways, sensitive themes without a
// yes/no, a crisis without a card.
import { describe, expect, it } from 'vitest';
import { chatCardAnswer, chatDayCard, chatQuestion, chatQuestionCard, type ChatCardAnswer } from './chat-card';
import { yesNoCard } from './yes-no';

const DAY = '2026-11-27';
const YES = ['Да', 'Скорее да'];
const NO = ['Нет', 'Скорее нет'];

/** The first chat whose card for `question` is the Sun upright (a firmly favourable card): found by search, deterministic. */
function sunChat(question: string): { chatId: number; a: ChatCardAnswer } {
  for (let chatId = -1; chatId > -20_000; chatId--) {
    const c = chatQuestionCard(chatId, DAY, question);
    if (c.card.id === 'sun' && c.orientation === 'upright') return { chatId, a: chatCardAnswer(chatId, DAY, question) };
  }
  throw new Error('no Sun in 20000 chats');
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

  it('says what the reading’s yes/no model says of its seeded card; the same question keeps its card that day', () => {
    for (let chatId = -1; chatId > -60; chatId--) {
      const q = 'получу ли я эту работу?';
      const a = chatCardAnswer(chatId, DAY, q);
      const c = chatQuestionCard(chatId, DAY, q);
      const said = yesNoCard(q, c.card, c.orientation, true);
      if (said.kind !== 'card') throw new Error('not a card');
      expect(a).toEqual({ kind: 'yesno', card: c, verdict: said.verdict, text: said.text, care: false });
      // Asked again in another case and punctuation: the same card and verdict (the phrasing may vary).
      expect(chatCardAnswer(chatId, DAY, 'Получу ли я эту работу')).toMatchObject({ kind: 'yesno', card: c, verdict: said.verdict });
    }
  });

  it('answers a hoped event «да» and a feared one «нет» on the same favourable card', () => {
    const hoped = sunChat('сделает ли он мне предложение?');
    const feared = sunChat('изменяет ли мне муж?');
    if (hoped.a.kind !== 'yesno' || feared.a.kind !== 'yesno')
      throw new Error(`expected yes/no answers, got ${hoped.a.kind}, ${feared.a.kind}`);
    expect(hoped.a.card).toEqual(feared.a.card);
    expect(YES).toContain(hoped.a.verdict);
    expect(NO).toContain(feared.a.verdict);
  });

  it('gives no yes/no on health, pregnancy, death or court, and names whom to see', () => {
    const cases: [string, RegExp][] = [
      ['выздоровеет ли мама?', /врач/],
      ['забеременею ли я в этом году?', /гинеколог/],
      ['выиграю ли я суд?', /юрист/],
      ['умрёт ли дедушка этой зимой?', /врач/],
    ];
    for (const [q, who] of cases) {
      for (let chatId = -1; chatId > -40; chatId--) {
        const a = chatCardAnswer(chatId, DAY, q);
        expect(a.kind, q).toBe('sensitive');
        if (a.kind !== 'sensitive') continue;
        expect(a.verdict).toBeNull();
        expect(a.text).toMatch(who);
        expect(a.text).not.toMatch(/ответ(?: карт)? — «(да|нет)»|скорее «(да|нет)»|склоняются к (ответу )?«(да|нет)»/i);
      }
    }
  });

  it('gives a crisis help lines and no card', () => {
    for (const q of ['не хочу жить', 'не хочу больше жить, станет ли легче?']) {
      const a = chatCardAnswer(-7, DAY, q);
      expect(a.kind).toBe('crisis');
      if (a.kind === 'crisis') expect(a.crisis.lines.map((l) => l.phone)).toContain('8-800-2000-122');
      expect('card' in a).toBe(false);
    }
  });

  it('reads an open question as the card’s answer to it, without a verdict', () => {
    const a = chatCardAnswer(-7, DAY, 'что нас ждёт в новом году?');
    expect(a).toMatchObject({ kind: 'advice', verdict: null });
  });
});
