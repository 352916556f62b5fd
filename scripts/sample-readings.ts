// Writes docs/sample-readings.md: readings composed by the card-based interpreter from fixed draws, one of each
// kind a reader judges (a feared event, a hoped one, an either/or, a family question, a work question, a Celtic
// cross, a reading for two, two voices of one reading), each with the `npm run --silent reading` command that prints it.
// `npx tsx scripts/sample-readings.ts`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promptCards, type InterpretationLevel } from '../domain/reading/prompts';
import { composeReading } from '../domain/reading';
import { composeSecondOpinion } from '../domain/reading/voices';
import { VOICE_INFO } from '../domain/tarot/voices';
import { getSpread } from '../domain/tarot/spreads';
import { seededDeal, seededRandom } from '../domain/reading/seeded-deal';
import type { DealtCard } from '../domain/types';

const SAMPLES: [kind: string, spread: string, question: string, level: InterpretationLevel, seed: number][] = [
  ['A feared event', 'love_relationship', 'Изменяет ли мне муж?', 'premium', 11],
  ['A hoped event', 'past_present_future', 'Сдам ли я на права с первого раза?', 'basic', 5],
  ['An either/or', 'past_present_future', 'Уехать в Германию или остаться в Москве?', 'premium', 41],
  ['A family question', 'past_present_future', 'Как наладить отношения с сестрой?', 'premium', 3],
  ['A work question', 'career_finance', 'Стоит ли мне менять работу?', 'premium', 7],
  ['A Celtic cross', 'celtic_cross', 'Будет ли наш брак счастливым?', 'premium', 23],
  ['A reading for two', 'pair_reading', 'Как нам перестать ссориться?', 'premium', 17],
];

const cardsArg = (dealt: DealtCard[]) => dealt.map((d) => `${d.cardId}${d.orientation === 'reversed' ? ':r' : ''}`).join(',');

export function sampleReadings(): string {
  const out = [
    '# Sample readings',
    '',
    'Readings written by the card-based interpreter (`domain/reading/`), the text a user gets when no AI is',
    'configured or the AI fails. Fixed draws; regenerate the file with `npx tsx scripts/sample-readings.ts`, or print',
    'one reading with the command under its title (`npm run --silent reading`, scripts/reading.ts). The answer',
    'comes first, right after the opener; the «Общий вывод» gives the advice and the step. Basic is the free and',
    'week level, premium the paid plans.',
    '',
  ];
  SAMPLES.forEach(([kind, spreadType, question, level, seed], i) => {
    const spread = getSpread(spreadType)!;
    const dealt = seededDeal(spread.cards, seededRandom(seed));
    const cards = promptCards(spreadType, dealt, null);
    const text = composeReading({ spreadType, question, level, cards, firstMonth: null });
    const command = `npm run --silent reading -- --spread ${spreadType} --question "${question}" --cards ${cardsArg(dealt)} --level ${level}`;
    out.push('---', '', `## ${i + 1}. ${kind}: ${spread.name} (${level})`, '', `Question: «${question}»`, '', '```', command, '```', '');
    // The reading's own headings one level down, so the document keeps its outline.
    out.push(text.replace(/^## /gm, '#### '), '');
  });
  // Two of the three voices on the work question (sample 5): each reads for itself from the same plan.
  const [, spreadType, question, level, seed] = SAMPLES[4];
  const dealt = seededDeal(getSpread(spreadType)!.cards, seededRandom(seed));
  const input = { spreadType, question, level, cards: promptCards(spreadType, dealt, null), firstMonth: null };
  out.push('---', '', `## ${SAMPLES.length + 1}. Two voices of one reading (the second opinion on reading 5)`, '');
  for (const voice of ['straight', 'mystic'] as const) {
    const command = `npm run --silent reading -- --spread ${spreadType} --question "${question}" --cards ${cardsArg(dealt)} --level ${level} --voice ${voice}`;
    out.push(`### ${VOICE_INFO[voice].name}`, '', '```', command, '```', '');
    out.push(composeSecondOpinion(input, voice).replace(/^## /gm, '#### '), '');
  }
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../docs/sample-readings.md', import.meta.url), sampleReadings());
  console.log('docs/sample-readings.md written');
}
