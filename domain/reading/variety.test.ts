// Variety across readings: over 1,000 random readings, the sentences (card names and quoted text masked) that
// appear in more than a fifth of all readings make up under 2 % of all sentences, over the whole reading: the
// answer, the cards, the sections and the «Общий вывод».
import { describe, expect, it } from 'vitest';
import { promptCards, type ReadingPromptInput } from './prompts';
import { SPREADS } from '../tarot/spreads';
import { composeReading } from '.';
import { seededDeal, seededRandom } from './seeded-deal';

const QUESTIONS = [
  'Что меня ждёт сегодня?',
  'Есть ли будущее у наших отношений?',
  'Стоит ли мне менять работу?',
  'Как улучшить моё финансовое положение?',
  'Как мне восстановить силы?',
  'В чём моё предназначение?',
  'Остаться в этом городе или переехать?',
  'Когда я встречу свою любовь?',
  'Будет ли успешным мой новый проект?',
  'Что он ко мне чувствует?',
  'Чего мне ждать в ближайшие месяцы?',
  'Как мне поступить?',
];

/** A reading's sentences, the whole reading (headings aside), with card names («**…**») and quotes («…») masked. */
function maskedSentences(text: string): string[] {
  return text
    .replace(/^## .*$/gm, '')
    .replace(/\*\*[^*]+\*\*/g, 'X')
    .replace(/«[^»]*»/g, 'Q')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

describe('variety across readings', () => {
  it('under 2 % of sentences appear in more than 20 % of 1,000 random readings', () => {
    const r = seededRandom(7);
    const n = 1000;
    const readings: string[][] = [];
    const inReadings = new Map<string, number>();
    for (let k = 0; k < n; k++) {
      const spread = SPREADS[r(SPREADS.length)];
      const dealt = seededDeal(spread.cards, r);
      const firstMonth = 1 + r(12);
      const input: ReadingPromptInput = {
        spreadType: spread.id,
        question: QUESTIONS[r(QUESTIONS.length)],
        level: r(2) ? 'premium' : 'basic',
        cards: promptCards(spread.id, dealt, firstMonth),
        firstMonth,
      };
      const sentences = maskedSentences(composeReading(input));
      readings.push(sentences);
      for (const s of new Set(sentences)) inReadings.set(s, (inReadings.get(s) ?? 0) + 1);
    }
    const common = [...inReadings].filter(([, k]) => k > n / 5).map(([s]) => s);
    const total = readings.reduce((sum, s) => sum + s.length, 0);
    const commonCount = readings.reduce((sum, s) => sum + s.filter((x) => common.includes(x)).length, 0);
    // VARIETY_FIGURE=1 prints the figure (for the notes).
    if (process.env.VARIETY_FIGURE) console.log(`variety: ${((100 * commonCount) / total).toFixed(2)} % of ${total} sentences`);
    expect(commonCount / total, common.join('\n')).toBeLessThan(0.02);
  });
});
