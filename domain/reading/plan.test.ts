// The reading plan holds: over 2,000 generated readings (seeded deals × a sample of questions, both
// levels, every spread) no reading contradicts itself — no opposite stances on haste, no card named both as
// support and as opposition, no «трудных карт нет» beside a difficult card, no section about what lies
// ahead brighter or darker than the verdict — and «ни да, ни нет» stays under a fifth of yes/no readings.
import { describe, expect, it } from 'vitest';
import { CLOSING } from './conclusion-steps';
import { composeWithPlan } from '.';
import { ACT_WORDS, WAIT_WORDS, type ReadingPlan } from './plan';
import { buildUserPrompt, promptCards, type ReadingPromptInput } from './prompts';
import { HEADINGS } from './sections';
import { seededDeal, seededRandom } from './seeded-deal';
import { SPREADS } from '../tarot/spreads';

const QUESTIONS = [
  'Будет ли наш брак счастливым?',
  'Сдам ли я на права с первого раза?',
  'Вернётся ли ко мне бывший?',
  'Уволят ли меня в этом месяце?',
  'Изменяет ли мне муж?',
  'Получу ли я повышение?',
  'Найдётся ли мой кот?',
  'Помиримся ли мы с подругой?',
  'Как наладить отношения с сестрой?',
  'Остаться в этом городе или переехать?',
  'Когда я встречу свою любовь?',
  'Что меня ждёт в работе?',
  'Почему у нас с мамой постоянные ссоры?',
  'Стоит ли брать кредит на машину?',
];

interface Sample {
  input: ReadingPromptInput;
  text: string;
  plan: ReadingPlan;
}

/** One shared sample for every check of this file (the cost is in composing, not in checking). */
function sample(n: number): Sample[] {
  const r = seededRandom(49);
  const out: Sample[] = [];
  for (let k = 0; k < n; k++) {
    const spread = SPREADS[r(SPREADS.length)];
    const firstMonth = spread.id === 'year_forecast' ? 1 + r(12) : null;
    const input: ReadingPromptInput = {
      spreadType: spread.id,
      question: QUESTIONS[k % QUESTIONS.length],
      level: r(2) ? 'premium' : 'basic',
      cards: promptCards(spread.id, seededDeal(spread.cards, r), firstMonth),
      firstMonth,
    };
    const { text, plan } = composeWithPlan(input);
    out.push({ input, text, plan: plan! });
  }
  return out;
}

const SAMPLE = sample(2000);
const sentences = (text: string) =>
  text
    .replace(/^## .*$/gm, '')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Clauses («…, а …», «…; …») that say a card is for the user or against. */
const FOR =
  /(за вас\s+(говор|игра)|на вашей стороне|поддержку\s+(при этом\s+)?(даёт|дают|здесь несёт)|опор(а|у)\s+(расклада|даёт|дают|в раскладе)|опорой|в (его|её) пользу|за это|ресурс здесь)/iu;
const AGAINST = /((?<!«)против(?!»)|возраж|сдерживает|осторожности требует|самое трудное|главная трудность)/iu;
const cardsIn = (clause: string) => [...clause.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]);

function sides(text: string): { pro: Set<string>; contra: Set<string> } {
  const pro = new Set<string>();
  const contra = new Set<string>();
  // Only the answer and the conclusion take sides; the card paragraphs describe.
  const said = [text.split('\n\n').find((p) => !p.startsWith('## ')) ?? '', text.slice(text.lastIndexOf('## '))].join(' ');
  for (const s of sentences(said))
    for (const clause of s.split(/,\s+(?:а|к)\s+|;\s+|,\s+против\s+—/u)) {
      const f = FOR.test(clause);
      const a = AGAINST.test(clause) || /против —/u.test(s.slice(s.indexOf(clause) - 10, s.indexOf(clause)));
      if (f === a) continue;
      for (const c of cardsIn(clause)) (f ? pro : contra).add(c);
    }
  return { pro, contra };
}

const NO_HARD = /(трудных карт здесь нет|нет карты, которая бы (ей|им) возражала|серьёзных возражений у карт нет|спорить с этим некому)/u;

const aheadLines = (tone: 'light' | 'hard') =>
  ['Возможности будущего', 'Перспективы отношений', 'Развитие событий'].flatMap((h) => HEADINGS[h][tone]);
const GOOD_AHEAD = new Set([...aheadLines('light'), ...CLOSING.good]);
const BAD_AHEAD = new Set([...aheadLines('hard'), ...CLOSING.bad]);

describe('the reading plan: one voice over 2,000 generated readings', () => {
  it('no reading takes both sides on haste', () => {
    const bad = SAMPLE.filter((s) => {
      const ss = sentences(s.text);
      return ss.some((x) => WAIT_WORDS.test(x)) && ss.some((x) => ACT_WORDS.test(x));
    });
    expect(bad.length, bad[0]?.text).toBe(0);
  });

  it('no card is named as support and as opposition, and none against the plan', () => {
    const bad = SAMPLE.filter((s) => {
      if (s.plan.verdict === 'even') return false;
      const { pro, contra } = sides(s.text);
      const names = (cards: ReadingPlan['support']) => new Set(cards.map((c) => c.card.name));
      const [sup, opp] = [names(s.plan.support), names(s.plan.opposition)];
      return [...pro].some((c) => contra.has(c) || opp.has(c)) || [...contra].some((c) => sup.has(c));
    });
    expect(bad.length, bad[0]?.text).toBe(0);
  });

  it('«трудных карт нет» only where no card is against', () => {
    const bad = SAMPLE.filter((s) => NO_HARD.test(s.text) && s.plan.opposition.length > 0);
    expect(bad.length, bad[0]?.text).toBe(0);
  });

  it('what lies ahead agrees with the verdict', () => {
    const bad = SAMPLE.filter((s) => {
      const ss = sentences(s.text);
      if (s.plan.outlook === 'bad') return ss.some((x) => GOOD_AHEAD.has(x));
      if (s.plan.outlook === 'good') return ss.some((x) => BAD_AHEAD.has(x));
      return false;
    });
    expect(bad.length, bad[0]?.text).toBe(0);
  });

  it('the verdict at the top is the plan’s', () => {
    const WORD = { yes2: '«да»', yes: '«да»', no: '«нет»', no2: '«нет»' } as const;
    const bad = SAMPLE.filter((s) => {
      const v = s.plan.verdict;
      if (!v) return false;
      const top = s.plan.answer.text;
      return v === 'even' ? !/ни «да», ни «нет»|«да» или «нет»|между «да» и «нет»|ровные|уравновешены/u.test(top) : !top.includes(WORD[v]);
    });
    expect(bad.length, bad[0]?.plan.answer.text).toBe(0);
  });

  it('«ни да, ни нет» in under 20 % of yes/no readings', () => {
    const yesNo = SAMPLE.filter((s) => s.plan.verdict);
    const even = yesNo.filter((s) => s.plan.verdict === 'even').length;
    if (process.env.VARIETY_FIGURE) console.log(`even: ${((100 * even) / yesNo.length).toFixed(1)} % of ${yesNo.length}`);
    expect(yesNo.length).toBeGreaterThan(1000);
    expect(even / yesNo.length).toBeLessThan(0.2);
  });
});

describe('sizes and timings', () => {
  it('premium is at most 1.6 times basic for the same cards, in every spread', () => {
    const worst: string[] = [];
    for (const s of SAMPLE.slice(0, 400)) {
      const other = composeWithPlan({ ...s.input, level: s.input.level === 'basic' ? 'premium' : 'basic' }).text;
      const [basic, premium] = s.input.level === 'basic' ? [s.text, other] : [other, s.text];
      if (premium.length > 1.6 * basic.length) worst.push(`${s.input.spreadType}: ${(premium.length / basic.length).toFixed(2)}`);
    }
    expect(worst).toEqual([]);
  });

  it('the year forecast answers «когда» in months, never days or weeks', () => {
    const years = SAMPLE.filter((s) => s.input.spreadType === 'year_forecast' && s.input.question.startsWith('Когда'));
    expect(years.length).toBeGreaterThan(5);
    for (const s of years) {
      expect(s.plan.answer.text).toMatch(/месяц/);
      expect(s.plan.answer.text).not.toMatch(/дн(я|ей)|недел/);
    }
  });

  it('the AI prompt carries the plan’s verdict, its cards for and against, and a length for the spread', () => {
    const s = SAMPLE.find((x) => x.plan.verdict && x.plan.verdict !== 'even' && x.plan.support.length && x.plan.opposition.length)!;
    const prompt = buildUserPrompt(s.input);
    expect(prompt).toMatch(/Ответ на вопрос: «(да|скорее да|нет|скорее нет)»/);
    expect(prompt).toContain(`Карты «за»: ${s.plan.support.map((c) => c.card.name).join(', ')}.`);
    expect(prompt).toContain(`Карты «против»: ${s.plan.opposition.map((c) => c.card.name).join(', ')}.`);
    expect(prompt).toMatch(/Объём для этого расклада: около \d+ слов/);
  });
});
