// «Второе мнение» read as a second reader: over one generated sample (seeded deals × a mix of questions, every
// spread, both levels; a few hundred readings per voice, generated once for every check of this file) no
// sentence of the first reading appears in a voice's text, no voice repeats a sentence in more than a tenth of
// its readings (card names and quotes masked), none contradicts the plan's verdict or its stance on haste,
// none ends broken, and the names stand in their case. VOICE_FIGURES=1 prints the figures.
import { describe, expect, it } from 'vitest';
import { composeWithPlan } from '.';
import { buildSecondOpinionFallback } from './fallback';
import { ACT_WORDS, WAIT_WORDS, type ReadingPlan } from './plan';
import { buildSecondOpinionMessages, promptCards, type ReadingPromptInput } from './prompts';
import { readQuestion } from './question';
import { seededDeal, seededRandom } from './seeded-deal';
import { statedOptions, statedVerdicts } from './stated-verdict';
import { contradictsPlan } from './verdict-guard';
import { SPREADS } from '../tarot/spreads';
import { VOICE_INFO, VOICES, type Voice } from '../tarot/voices';
import { grammarFlags } from './grammar-flags';

const QUESTIONS = [
  'Будет ли наш брак счастливым?',
  'Сдам ли я на права с первого раза?',
  'Вернётся ли ко мне бывший?',
  'Уволят ли меня в этом месяце?',
  'Получу ли я повышение?',
  'Помиримся ли мы с подругой?',
  'Как наладить отношения с сестрой?',
  'Остаться в этом городе или переехать?',
  'Когда я встречу свою любовь?',
  'Что меня ждёт в работе?',
  'Почему у нас с мамой постоянные ссоры?',
  'Стоит ли брать кредит на машину?',
  'Вылечусь ли я от болезни?',
  'Выиграю ли я суд?',
  'Что он ко мне чувствует?',
  'Когда у меня появятся деньги?',
];

interface Sample {
  input: ReadingPromptInput;
  first: string;
  plan: ReadingPlan;
  voices: Record<Voice, string>;
}

function sample(n: number): Sample[] {
  const r = seededRandom(2049);
  return Array.from({ length: n }, (_, k) => {
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
    const voices = Object.fromEntries(VOICES.map((v) => [v, buildSecondOpinionFallback(input, v)])) as Record<Voice, string>;
    return { input, first: text, plan: plan!, voices };
  });
}

const SAMPLE = sample(300);
const figures = (line: string) => process.env.VOICE_FIGURES && console.log(line);

const sentences = (text: string) =>
  text
    .replace(/^## .*$/gm, '')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е');
const masked = (s: string) => s.replace(/\*\*[^*]+\*\*/g, 'X').replace(/«[^»]*»/g, 'Q');

describe('second opinions over generated readings', () => {
  it('no sentence of the first reading appears in any second opinion of it', () => {
    const copied: string[] = [];
    let total = 0;
    for (const s of SAMPLE) {
      const first = sentences(s.first)
        .filter((x) => x.split(/\s+/).length >= 4)
        .map(fold);
      for (const v of VOICES)
        for (const x of sentences(s.voices[v])) {
          total++;
          const f = fold(x);
          if (first.some((y) => f.includes(y))) copied.push(`${v}: ${x}`);
        }
    }
    figures(`copied from the first reading: ${copied.length} of ${total} voice sentences in ${SAMPLE.length} readings × 3 voices`);
    expect(copied).toEqual([]);
  });

  it('within each voice, no sentence recurs in more than 10 % of its readings', () => {
    const over: string[] = [];
    for (const v of VOICES) {
      const inReadings = new Map<string, number>();
      let occurrences = 0;
      for (const s of SAMPLE) {
        const own = sentences(s.voices[v]).map(masked);
        occurrences += own.length;
        for (const x of new Set(own)) inReadings.set(x, (inReadings.get(x) ?? 0) + 1);
      }
      const ranked = [...inReadings].sort((a, b) => b[1] - a[1]);
      const [top, count] = ranked[0];
      const share = count / SAMPLE.length;
      figures(
        `${v}: the most repeated sentence is in ${(100 * share).toFixed(1)} % of ${SAMPLE.length} readings («${top}»); ${occurrences} sentences`,
      );
      over.push(...ranked.filter(([, n]) => n > SAMPLE.length / 10).map(([x, n]) => `${v} ${n}: ${x}`));
    }
    expect(over).toEqual([]);
  });

  it('no voice contradicts the plan: the verdict, the option, the sensitive rules, the stance on haste', () => {
    const bad: string[] = [];
    for (const s of SAMPLE) {
      const { plan } = s;
      const options = readQuestion(s.input.question, s.input.spreadType).options;
      for (const v of VOICES) {
        const text = s.voices[v];
        const why = (reason: string) => bad.push(`${v} (${reason}): ${s.input.question}\n${text}`);
        if (contradictsPlan(text, plan, options)) why('contrary verdict');
        if (plan.verdict && plan.verdict !== 'even' && !statedVerdicts(text).has(plan.verdict.startsWith('yes') ? 'yes' : 'no'))
          why('verdict not stated');
        if (plan.verdict === 'even' && !/ни «да», ни «нет»/u.test(text)) why('even not said');
        if (plan.answer.option && !fold(text).includes(`«${fold(plan.answer.option)}»`)) why('option not named');
        if (plan.answer.option && options && statedOptions(text, options).size > 1) why('both options favoured');
        if (plan.answer.direction === 'care' && /«(скорее\s+)?(да|нет)»/u.test(text)) why('yes or no on a sensitive theme');
        const opposite = plan.haste === 'act' ? WAIT_WORDS : ACT_WORDS;
        if (sentences(text).some((x) => opposite.test(x))) why('the other stance on haste');
      }
    }
    expect(bad.slice(0, 3)).toEqual([]);
  });

  it('no broken endings and no fragments; every card named; grammar flags zero', () => {
    const bad: string[] = [];
    const flags: string[] = [];
    for (const s of SAMPLE)
      for (const v of VOICES) {
        const text = s.voices[v];
        const ss = sentences(text);
        const short = ss.filter((x) => x.split(/\s+/).length < 4);
        if (short.length || /(^|\s)(Всё|Итог|Так)\.\s*$/u.test(text)) bad.push(`${v}: ${short[0] ?? ss.at(-1)}`);
        if (/undefined|null|NaN|\$\{|\s[,.:;]|\.\./u.test(text)) bad.push(`${v}: ${text}`);
        for (const c of s.input.cards) if (!text.includes(`**${c.card.name}**`)) bad.push(`${v}: ${c.card.name} not named`);
        flags.push(...grammarFlags(text));
      }
    figures(`grammar flags: ${flags.length} (${flags.slice(0, 5).join(' | ')}) over ${SAMPLE.length * VOICES.length} second opinions`);
    expect(bad.slice(0, 3)).toEqual([]);
    expect(flags).toEqual([]);
  });

  it('the voices differ from each other: no two voices of one reading share a sentence', () => {
    const shared: string[] = [];
    for (const s of SAMPLE) {
      const sets = VOICES.map((v) => new Set(sentences(s.voices[v])));
      for (let i = 0; i < sets.length; i++)
        for (let j = i + 1; j < sets.length; j++) shared.push(...[...sets[i]].filter((x) => sets[j].has(x)));
    }
    expect(shared).toEqual([]);
  });

  it('deterministic, in the outline, and the AI prompt carries the voice’s instruction', () => {
    const s = SAMPLE[0];
    for (const v of VOICES) {
      expect(buildSecondOpinionFallback(s.input, v)).toBe(s.voices[v]);
      expect(s.voices[v]).toMatch(/^## Карты\n[\s\S]*\n## Совет\n/);
      const [system, user] = buildSecondOpinionMessages(s.input, v);
      expect(system.content).toContain(VOICE_INFO[v].instruction);
      expect(user.content).toContain(s.input.question);
    }
  });

  it('a sensitive question keeps its rule in every voice: no «да» or «нет», and whom to see', () => {
    const health = SAMPLE.filter((s) => s.input.question.startsWith('Вылечусь'));
    expect(health.length).toBeGreaterThan(5);
    for (const s of health)
      for (const v of VOICES) {
        expect(s.voices[v]).not.toMatch(/«(скорее\s+)?(да|нет)»/u);
        expect(s.voices[v]).toMatch(/врач/u);
      }
  });
});
