// The part of life asked about decides what the cards mean: over seeded deals and a sample of questions per
// part of life, a family, friendship or work reading never speaks of romance, and a love reading never of
// money. The question's own words (quoted) are masked: a reading may repeat what the user wrote.
import { describe, expect, it } from 'vitest';
import { composeReading } from '.';
import { composeSecondOpinion } from './voices';
import { promptCards, type ReadingPromptInput } from './prompts';
import { seededDeal, seededRandom } from './seeded-deal';
import { lifeAreaOf } from './area-words';
import { readQuestion } from './question';
import { offTopic, ROMANCE, WORK } from '../tarot/meanings/words';
import { getSpread } from '../tarot/spreads';
import type { LifeArea } from '../tarot/meanings';
import type { SpreadType } from '../types';
import { VOICES } from '../tarot/voices';

/** Questions per part of life, and the spreads a user would ask them in (the general ones, and the area's own). */
const SAMPLE: Record<'family' | 'friendship' | 'work' | 'love', { questions: string[]; spreads: SpreadType[] }> = {
  family: {
    questions: [
      'Как наладить отношения с сестрой?',
      'Помирюсь ли я с мамой?',
      'Что ждёт нашу семью в этом году?',
      'Как мне найти общий язык с сыном-подростком?',
      'Почему брат перестал со мной общаться?',
      'Стоит ли переезжать к родителям?',
    ],
    spreads: ['free_daily', 'past_present_future', 'celtic_cross', 'spiritual_guidance'],
  },
  friendship: {
    questions: [
      'Помиримся ли мы с подругой Катей?',
      'Можно ли доверять моему другу?',
      'Почему лучшая подруга отдалилась от меня?',
      'Как сохранить дружбу после переезда?',
    ],
    spreads: ['free_daily', 'past_present_future', 'celtic_cross', 'spiritual_guidance'],
  },
  work: {
    questions: [
      'Получу ли я повышение на работе?',
      'Сдам ли я на права с первого раза?',
      'Стоит ли мне менять работу?',
      'Как пройдёт экзамен по математике?',
      'Возьмут ли меня на новую должность?',
      'Как сложится моя карьера в этом году?',
    ],
    spreads: ['free_daily', 'past_present_future', 'celtic_cross', 'career_finance'],
  },
  love: {
    questions: [
      'Есть ли будущее у наших отношений?',
      'Что он ко мне чувствует?',
      'Когда я встречу свою любовь?',
      'Вернётся ли ко мне бывший?',
      'Как нам с мужем снова стать ближе?',
    ],
    spreads: ['free_daily', 'past_present_future', 'celtic_cross', 'love_relationship'],
  },
};

/** The reading with the user's own words and the card names masked: they are not the interpreter's choice. */
const own = (text: string, question: string) =>
  text
    .split(question)
    .join(' ')
    .replace(/\*\*[^*]+\*\*/g, 'X')
    .replace(/«[^»]*»/g, 'Q');

const sentenceWith = (text: string, re: RegExp) => text.split(/(?<=[.!?])\s+/).find((s) => re.test(s)) ?? '';

describe('the part of life asked about', () => {
  it('the sample questions are read for their part of life', () => {
    for (const [area, { questions }] of Object.entries(SAMPLE))
      for (const q of questions) expect(lifeAreaOf(readQuestion(q, 'free_daily')), q).toBe(area as LifeArea);
  });

  it('keeps romance out of family, friendship and work readings and money out of love readings', () => {
    const r = seededRandom(49);
    const flags: string[] = [];
    let readings = 0;
    for (const [area, { questions, spreads }] of Object.entries(SAMPLE)) {
      const re = offTopic(area as LifeArea)!;
      for (const spreadType of spreads)
        for (const question of questions)
          for (let k = 0; k < 5; k++) {
            const spread = getSpread(spreadType)!;
            const level = k % 2 ? 'premium' : 'basic';
            const input: ReadingPromptInput = { spreadType, question, level, cards: promptCards(spreadType, seededDeal(spread.cards, r)) };
            const texts = [composeReading(input), composeSecondOpinion(input, VOICES[k % VOICES.length])];
            readings += texts.length;
            for (const text of texts) {
              const t = own(text, question);
              if (re.test(t)) flags.push(`${area} · ${spreadType} · «${question}»: ${sentenceWith(t, re)}`);
            }
          }
    }
    expect(readings).toBeGreaterThan(800);
    expect(flags.slice(0, 60).join('\n')).toBe('');
  });
});

/** A couple and a relationship: no place in a reading about work, study, money or health. */
const PAIR = /отношени|(?<!\p{L})союз(а|у|ом|е|ы)?(?!\p{L})/iu;

/** Questions of one part of life asked in a spread made for another (the user picks the spread, not the subject). */
const ELSEWHERE: { area: string; questions: string[]; spreads: SpreadType[]; not: RegExp[] }[] = [
  {
    area: 'study',
    questions: ['Сдам ли я на права с первого раза?', 'Как пройдёт экзамен по математике?', 'Поступлю ли я в университет?'],
    spreads: ['love_relationship', 'career_finance', 'health_wellbeing'],
    not: [ROMANCE, PAIR, WORK],
  },
  {
    area: 'family',
    questions: ['Как наладить отношения с сестрой?', 'Помирюсь ли я с мамой?'],
    spreads: ['love_relationship', 'career_finance', 'health_wellbeing'],
    not: [ROMANCE, WORK],
  },
  {
    area: 'friendship',
    questions: ['Помиримся ли мы с подругой Катей?'],
    spreads: ['love_relationship', 'career_finance'],
    not: [ROMANCE, WORK],
  },
  {
    area: 'work',
    questions: ['Получу ли я повышение на работе?', 'Стоит ли мне менять работу?'],
    spreads: ['love_relationship', 'health_wellbeing'],
    not: [ROMANCE, PAIR],
  },
  {
    area: 'love',
    questions: ['Есть ли будущее у наших отношений?', 'Что он ко мне чувствует?'],
    spreads: ['career_finance', 'health_wellbeing'],
    not: [WORK, offTopic('love')!],
  },
];

const headingsOf = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);

describe('a question asked in a spread of another part of life', () => {
  it('speaks of the part of life asked about: no couple outside love, no work in study, family or love', () => {
    const r = seededRandom(4949);
    const flags: string[] = [];
    let readings = 0;
    for (const { area, questions, spreads, not } of ELSEWHERE)
      for (const spreadType of spreads)
        for (const question of questions) {
          expect(readQuestion(question, spreadType).area, question).toBe(area);
          for (let k = 0; k < 8; k++) {
            const spread = getSpread(spreadType)!;
            const level = k % 2 ? 'premium' : 'basic';
            const input: ReadingPromptInput = { spreadType, question, level, cards: promptCards(spreadType, seededDeal(spread.cards, r)) };
            const texts = [composeReading(input), composeSecondOpinion(input, VOICES[k % VOICES.length])];
            readings += texts.length;
            for (const text of texts) {
              const t = own(text, question);
              for (const re of not) if (re.test(t)) flags.push(`${area} · ${spreadType} · «${question}»: ${sentenceWith(t, re)}`);
            }
          }
        }
    expect(readings).toBeGreaterThan(350);
    expect([...new Set(flags)].slice(0, 80).join('\n')).toBe('');
  });

  it("names its sections for the part of life asked about, or neutrally, and keeps the spread's own where it is the same", () => {
    const cards = promptCards('love_relationship', seededDeal(3, seededRandom(1)));
    const read = (spreadType: SpreadType, question: string) =>
      headingsOf(
        composeReading({
          spreadType,
          question,
          level: 'basic',
          cards: promptCards(spreadType, seededDeal(getSpread(spreadType)!.cards, seededRandom(2))),
        }),
      );
    expect(
      headingsOf(composeReading({ spreadType: 'love_relationship', question: 'Что он ко мне чувствует?', level: 'basic', cards })),
    ).toEqual(getSpread('love_relationship')!.outline);
    expect(read('career_finance', 'Стоит ли мне менять работу?')).toEqual(getSpread('career_finance')!.outline);
    const driving = read('love_relationship', 'Сдам ли я на права с первого раза?');
    expect(driving).not.toEqual(getSpread('love_relationship')!.outline);
    expect(driving.join(' · ')).not.toMatch(/чувств|партн|отношени/i);
    const sister = read('love_relationship', 'Как наладить отношения с сестрой?');
    expect(sister.join(' · ')).not.toMatch(/партн|перспективы отношений/i);
    const love = read('career_finance', 'Есть ли будущее у наших отношений?');
    expect(love.join(' · ')).not.toMatch(/карьер|финанс/i);
    // The first and the last stay: the cards, then the conclusion the verdict guard looks for.
    for (const h of [driving, sister, love]) {
      expect(h[0]).toBe('Анализ карт');
      expect(h[h.length - 1]).toBe('Общий вывод');
    }
  });
});

describe('the reading for two', () => {
  it('reads each position in its own section: «Совет паре» names only the advice card', () => {
    const r = seededRandom(5);
    for (let k = 0; k < 40; k++) {
      const cards = promptCards('pair_reading', seededDeal(6, r));
      const text = composeReading({
        spreadType: 'pair_reading',
        question: 'Как нам стать ближе?',
        level: k % 2 ? 'premium' : 'basic',
        cards,
      });
      const advice = text.split(/^## /m).find((s) => s.startsWith('Совет паре'))!;
      const named = [...advice.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]);
      expect(new Set(named), advice).toEqual(new Set([cards[4].card.name]));
      expect(advice).not.toMatch(/окружени|третий|кто-то из/i);
    }
  });
});
