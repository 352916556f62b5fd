// Thousands of generated readings (every spread × random draws × question themes × levels): Russian only, every
// turned card once with its position, no repeated sentence, no phrase more than twice, length bounds, the
// reversed meaning for reversed cards, and a conclusion that answers the kind of question asked.
import { lowerFirst } from './fuse';
import { describe, expect, it } from 'vitest';
import { DECK } from '../tarot/deck';
import { outlineFor, promptCards } from './prompts';
import { outlineOf } from '../tarot/spreads';
import { composeReading, meaningIn } from '.';
import { readQuestion } from './question';
import { lifeAreaOf } from './area-words';
import { generatedReadings, seededDeal, seededRandom } from './seeded-deal';

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
];

const sections = (text: string) =>
  text
    .split(/^## /m)
    .slice(1)
    .map((s) => ({ heading: s.split('\n')[0], body: s.split('\n').slice(1).join('\n').trim() }));

const sentencesOf = (text: string) =>
  text
    .replace(/^## .*$/gm, '')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Thousands of readings: a check whose message is built, and expect called, only when it fails. */
function check(ok: boolean, message: () => string) {
  if (!ok) expect.fail(message());
}

/** Every reading generated, with its input. */
const readings = (perCombo: number) => generatedReadings(QUESTIONS, perCombo, 20261126);

const LIMITS: Record<string, Record<'basic' | 'premium', [number, number]>> = {};

describe('the card-based interpreter over thousands of readings', () => {
  const all = [...readings(16)];

  it(`generates ${all.length} readings`, () => {
    expect(all.length).toBeGreaterThanOrEqual(2000);
  });

  it('is Russian: no Latin letters, no placeholders, balanced bold', () => {
    for (const { input, text } of all) {
      const withoutQuestion = text.replace(input.question, '');
      check(!/[A-Za-z]/.test(withoutQuestion), () => `Latin letters in:\n\n${text}`);
      check(!/undefined|null|NaN|\$\{|\[object/.test(text), () => `a placeholder in:\n\n${text}`);
      check((text.match(/\*\*/g) ?? []).length % 2 === 0, () => `unbalanced bold in:\n\n${text}`);
    }
  });

  it('follows the outline; every turned card is named once, with its position, in the card section', () => {
    const count = (text: string, part: string) => text.split(part).length - 1;
    const sameHeadings = (headings: string[], outline: string[]) => {
      if (headings.join('\n') !== outline.join('\n')) expect(headings).toEqual(outline);
    };
    for (const { input, text } of all) {
      const secs = sections(text);
      if (input.spreadType === 'year_forecast') {
        const outline = outlineOf('year_forecast', input.firstMonth);
        sameHeadings(
          secs.map((s) => s.heading),
          [outline[0], ...input.cards.slice(1).map((c) => c.positionName), outline[outline.length - 1]],
        );
        for (const [i, c] of input.cards.entries()) {
          // The theme of the year in its own paragraph; each month's card in its month's section.
          const body =
            i === 0
              ? secs[0].body
                  .split('\n\n')
                  .slice(1)
                  .find((p) => p.includes('«Тема года»'))!
              : secs.find((s) => s.heading === c.positionName)!.body;
          check(count(body, `**${c.card.name}**`) === 1, () => `${c.card.name} not once in ${c.positionName}:\n\n${text}`);
        }
      } else {
        sameHeadings(
          secs.map((s) => s.heading),
          outlineFor(input.spreadType, input.firstMonth, input.question),
        );
        // The first paragraph is the opener with the answer; each card then has its own.
        const paragraphs = secs[0].body.split('\n\n').slice(1);
        for (const c of input.cards) {
          const name = `**${c.card.name}**`;
          check(secs[0].body.includes(name), () => `${c.card.name} missing:\n\n${text}`);
          const own = paragraphs.filter((p) => p.includes(name) && p.includes(`«${c.positionName}»`));
          check(own.length === 1, () => `${own.length} paragraphs of ${c.card.name} with «${c.positionName}»:\n\n${text}`);
          check(count(own[0], name) === 1, () => `${c.card.name} named more than once in its paragraph:\n\n${own[0]}`);
        }
      }
      for (const s of secs) check(s.body.length > 60, () => `«${s.heading}» is ${s.body.length} characters:\n\n${text}`);
    }
  });

  it('quotes the question exactly once', () => {
    for (const { input, text } of all) {
      const quoted = text.split(`«${input.question}»`).length - 1;
      check(quoted === 1, () => `the question quoted ${quoted} times in:\n\n${text}`);
    }
  });

  it('never repeats a sentence, nor a phrase of six words more than twice', () => {
    for (const { input, text } of all) {
      const sentences = sentencesOf(text);
      const seen = new Set<string>();
      for (const s of sentences) {
        // (The message is built only on failure: thousands of readings.)
        if (seen.has(s)) expect.fail(`repeated: ${s}\n\n${text}`);
        seen.add(s);
      }
      // Card names, positions and the question are the reading's own words; phrases are counted in the rest.
      let rest = text.replace(/^## .*$/gm, ' ').replace(input.question, ' ');
      for (const c of input.cards) rest = rest.split(c.card.name).join(' | ').split(c.positionName).join(' | ');
      const words = rest
        .toLowerCase()
        .split(/[^\p{L}|]+/u)
        .filter(Boolean);
      const grams = new Map<string, number>();
      // Phrases that cross a name ('|') are skipped: the next phrase starts after the last bar seen.
      let from = 0;
      for (let i = 0; i + 6 <= words.length; i++) {
        for (let k = Math.max(i, from); k < i + 6; k++) if (words[k] === '|') from = k + 1;
        if (from > i) continue;
        const key = `${words[i]} ${words[i + 1]} ${words[i + 2]} ${words[i + 3]} ${words[i + 4]} ${words[i + 5]}`;
        grams.set(key, (grams.get(key) ?? 0) + 1);
      }
      for (const [g, n] of grams) if (n > 2) expect.fail(`«${g}» ${n} times in\n\n${text}`);
    }
  });

  it('reads a reversed card by its own reversed meaning, never as its upright one', () => {
    for (const { input, text } of all) {
      const area = lifeAreaOf(readQuestion(input.question, input.spreadType));
      for (const c of input.cards) {
        const other = { ...c, orientation: c.orientation === 'reversed' ? ('upright' as const) : ('reversed' as const) };
        // The meaning runs on from the card's intro («…занимает позицию «Итог»: отношения…»), its first letter then in lower case.
        const said = (m: string) => text.includes(m) || text.includes(lowerFirst(m));
        check(said(meaningIn(c, area)), () => `${c.card.name} (${c.orientation}) without «${meaningIn(c, area)}»:\n\n${text}`);
        check(!said(meaningIn(other, area)), () => `${c.card.name} (${c.orientation}) read as ${other.orientation}:\n\n${text}`);
      }
    }
  });

  it('answers right after the opener and ends with the «Общий вывод»: 2–3 sentences (basic) or 5–7 (premium) in all', () => {
    for (const { input, text } of all) {
      const secs = sections(text);
      const answer = secs[0].body.split('\n\n')[0].replace(/^[^«]*«[^»]*»[^.]*\. /, '');
      const last = `${answer} ${secs[secs.length - 1].body}`;
      const sentences = sentencesOf(last);
      const [min, max] = input.level === 'basic' ? [2, 3] : [5, 7];
      check(sentences.length >= min && sentences.length <= max, () => `${sentences.length} sentences, not ${min}–${max}:\n\n${last}`);
      const kind = readQuestion(input.question, input.spreadType).kind;
      if (kind === 'yesno') check(/«да»|«нет»|— да/.test(sentences[0]), () => `no yes or no in: ${sentences[0]}`);
      if (kind === 'timing') check(/срок|дат/.test(sentences[0]), () => `no time in: ${sentences[0]}`);
    }
  });

  it('stays within length bounds per spread and level', () => {
    for (const { input, text } of all) {
      const key = input.spreadType;
      const b = (LIMITS[key] ??= { basic: [Infinity, 0], premium: [Infinity, 0] })[input.level];
      b[0] = Math.min(b[0], text.length);
      b[1] = Math.max(b[1], text.length);
      // One card still makes a reading worth reading; a whole spread never becomes a wall of text.
      check(text.length > 450, () => `${text.length} characters, not over 450:\n\n${text}`);
      const perCard = input.spreadType === 'year_forecast' ? 700 : 1100;
      const most = 1800 + perCard * input.cards.length;
      check(text.length < most, () => `${text.length} characters, not under ${most}:\n\n${text}`);
    }
  });

  it('is deterministic: the same reading always reads the same', () => {
    for (const { input, text } of all.slice(0, 200)) expect(composeReading(input)).toBe(text);
  });
});

describe('reversed cards are not warnings by default', () => {
  const read = (cardId: string, spreadType = 'career_finance', position = 1) => {
    const cards = seededDeal(4, seededRandom(5))
      .filter((c) => c.cardId !== cardId)
      .slice(0, 3);
    cards.splice(position, 0, { cardId, position, orientation: 'reversed' });
    const dealt = cards.map((c, i) => ({ ...c, position: i }));
    return composeReading({
      spreadType,
      question: 'Как мне выйти из трудного положения на работе?',
      level: 'premium',
      cards: promptCards(spreadType, dealt),
    });
  };

  for (const [id, words] of [
    ['five-of-pentacles', /восстановлен|выход из кризиса|улучшен/],
    ['three-of-swords', /исцелен|прощен|облегчен/],
    ['devil', /освобожден|разрыв оков/],
    ['seven-of-cups', /ясност|трезв/],
  ] as const) {
    it(`${id} reversed reads as good news, not as something to beware of`, () => {
      const text = read(id);
      const para = text.split('\n\n').find((p) => p.includes(DECK.find((c) => c.id === id)!.name))!;
      expect(para).toMatch(words);
      expect(para).not.toMatch(/остерег|предупрежда|бойтесь/);
    });
  }
});
