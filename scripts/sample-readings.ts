// Writes docs/sample-readings.md: twelve readings composed by the card-based interpreter across the spreads,
// question topics and levels, from fixed draws, so anyone can judge the prose. `npx tsx scripts/sample-readings.ts`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promptCards, type InterpretationLevel } from '../domain/reading/prompts';
import { composeReading } from '../domain/reading';
import { getSpread } from '../domain/tarot/spreads';
import { seededDeal, seededRandom } from '../domain/reading/seeded-deal';

const SAMPLES: [spread: string, question: string, level: InterpretationLevel, seed: number][] = [
  ['free_daily', 'На что мне обратить внимание сегодня?', 'basic', 3],
  ['free_daily', 'Стоит ли сегодня звонить бывшему?', 'basic', 17],
  ['past_present_future', 'Как будет развиваться моя ситуация с переездом?', 'premium', 5],
  ['love_relationship', 'Изменяет ли мне муж?', 'premium', 11],
  ['love_relationship', 'Когда я встречу свою любовь?', 'basic', 29],
  ['career_finance', 'Стоит ли мне менять работу?', 'premium', 7],
  ['past_present_future', 'Уехать в Германию или остаться в Москве?', 'basic', 41],
  ['health_wellbeing', 'Выздоровеет ли мама?', 'premium', 13],
  ['celtic_cross', 'Чем закончится ситуация, которая меня тревожит?', 'premium', 23],
  ['celtic_cross', 'Принять предложение о работе в другом городе или остаться?', 'premium', 31],
  ['spiritual_guidance', 'В чём моё предназначение?', 'premium', 19],
  ['year_forecast', 'Что принесёт мне этот год?', 'premium', 37],
];

export function sampleReadings(): string {
  const out = [
    '# Sample readings',
    '',
    'Twelve readings written by the card-based interpreter (`domain/reading/`), the text a user gets when no AI is',
    'configured or the AI fails. Fixed draws; regenerate with `npx tsx scripts/sample-readings.ts`. The answer comes',
    'first, right after the opener; the «Общий вывод» gives the advice and the step. Basic is the free and week level',
    '(two or three sentences of answer and conclusion), premium the paid plans (five to seven). Among them: a feared',
    'event (4), timing (5), an either/or (7, 10), a sensitive theme (8). The year forecast starts in November.',
    '',
  ];
  SAMPLES.forEach(([spreadType, question, level, seed], i) => {
    const spread = getSpread(spreadType)!;
    const firstMonth = spreadType === 'year_forecast' ? 11 : null;
    const cards = promptCards(spreadType, seededDeal(spread.cards, seededRandom(seed)), firstMonth);
    const text = composeReading({ spreadType, question, level, cards, firstMonth });
    out.push(`---`, '', `## ${i + 1}. ${spread.name} (${level})`, '', `Question: «${question}»`, '');
    // The reading's own headings one level down, so the document keeps its outline.
    out.push(text.replace(/^## /gm, '#### '), '');
  });
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../docs/sample-readings.md', import.meta.url), sampleReadings());
  console.log('docs/sample-readings.md written');
}
