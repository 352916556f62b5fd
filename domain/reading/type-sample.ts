// A sample of generated readings per spread type, for the tests that read many readings of one type (the
// per-type variety test): a few hundred seeded readings of every spread, with questions from every part of
// life, made once per test worker and shared (the cost is in composing, not in checking).
import { composeWithPlan } from '.';
import type { ReadingPlan } from './plan';
import { promptCards, type ReadingPromptInput } from './prompts';
import { seededDeal, seededRandom } from './seeded-deal';
import { ALL_SPREADS } from '../tarot/spreads';

/** Questions from every part of life: love, family, friendship, work, study, money, wellbeing, the inner life. */
export const LIFE_QUESTIONS: readonly string[] = [
  'Будет ли наш брак счастливым?',
  'Вернётся ли ко мне бывший?',
  'Что он ко мне чувствует?',
  'Когда я встречу свою любовь?',
  'Как наладить отношения с сестрой?',
  'Почему у нас с мамой постоянные ссоры?',
  'Как помочь сыну с учёбой?',
  'Помиримся ли мы с подругой?',
  'Уволят ли меня в этом месяце?',
  'Получу ли я повышение?',
  'Стоит ли мне менять работу?',
  'Что меня ждёт в работе?',
  'Сдам ли я на права с первого раза?',
  'Поступлю ли я в университет?',
  'Стоит ли брать кредит на машину?',
  'Как улучшить моё финансовое положение?',
  'Как мне восстановить силы?',
  'В чём моё предназначение?',
  'Остаться в этом городе или переехать?',
  'Чего мне ждать в ближайшие месяцы?',
  'Боюсь, что проект провалится. Так ли это?',
  'Найдётся ли мой кот?',
];
/** A reading for two asks about the couple. */
const PAIR_QUESTIONS: readonly string[] = [
  'Есть ли у нас общее будущее?',
  'Как нам перестать ссориться?',
  'Что мешает нам быть ближе?',
  'Стоит ли нам съезжаться?',
  'Как вернуть тепло в наши отношения?',
  'Поженимся ли мы?',
];

export interface TypeReading {
  input: ReadingPromptInput;
  text: string;
  plan: ReadingPlan | null;
}

const cache = new Map<string, TypeReading[]>();

/** `n` readings of one spread type (both levels, questions across parts of life), made once per worker. */
export function typeSample(spreadType: string, n: number): TypeReading[] {
  const key = `${spreadType}|${n}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const spread = ALL_SPREADS.find((s) => s.id === spreadType)!;
  const questions = spread.id === 'pair_reading' ? PAIR_QUESTIONS : LIFE_QUESTIONS;
  const r = seededRandom(4900 + spread.cards);
  const out: TypeReading[] = [];
  for (let k = 0; k < n; k++) {
    const firstMonth = spread.id === 'year_forecast' ? 1 + r(12) : null;
    const input: ReadingPromptInput = {
      spreadType: spread.id,
      question: questions[r(questions.length)],
      level: r(2) ? 'premium' : 'basic',
      cards: promptCards(spread.id, seededDeal(spread.cards, r), firstMonth),
      firstMonth,
    };
    out.push({ input, ...composeWithPlan(input) });
  }
  cache.set(key, out);
  return out;
}

/** Each sample reading's templates, worked out once: the variety test reads every reading twice. */
const templates = new WeakMap<TypeReading, string[]>();

/**
 * A reading's sentences as templates: headings dropped, card names («**…**») and the question and the
 * position names (in «…») masked, so one template counts as one sentence whichever cards fill it. The array
 * is shared: callers read it, never change it.
 */
export function templateSentences(r: TypeReading): readonly string[] {
  let out = templates.get(r);
  if (!out) {
    out = maskedSentences(r);
    templates.set(r, out);
  }
  return out;
}

function maskedSentences(r: TypeReading): string[] {
  let text = r.text.replace(/^## .*$/gm, '').replace(/\*\*[^*]+\*\*/g, 'X');
  const quoted = [r.input.question, ...r.input.cards.map((c) => c.positionName)];
  for (const q of quoted) text = text.split(`«${q.replace(/\s+/g, ' ').trim()}»`).join('Q');
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
