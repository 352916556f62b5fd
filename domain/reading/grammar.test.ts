// Grammar where keywords are slotted in: every template is rendered with every keyword of every card, and the
// keyword stands in the case the words before it govern (a table of those contexts, each checked once by
// hand); the accusatives are the forms a morphology dictionary gives (checked once, kept in lexicon.ts); a
// card's strengths and difficulties never trade places.
import { describe, expect, it } from 'vitest';
import { DECK } from '../tarot/deck';
import type { Orientation } from '../types';
import { GOOD_REVERSAL } from './cards';
import { toneOf, valenceOf } from './facts';
import { ACCUSATIVE, accusative, signsOf, wordsFor, type Kw } from './lexicon';
import { ADVICE } from './conclusion-steps';
import { CARE_TAIL, OPEN_LEAD, VAGUE } from './conclusion-texts';
import { PARTNER_AS, ROLE_LINES } from './roles';
import { SECOND } from './sections';
import { TOPIC_TEMPLATES } from './topics';

type Case = 'nom' | 'acc';

/**
 * What case the words just before a slot govern. Keys are the last two tokens before it (a lone «:» or «—»
 * is a key of its own: after a colon or a dash any keyword stands in the nominative).
 */
const GOVERNS: Record<string, Case> = {
  ':': 'nom',
  '—': 'nom',
  // The keywords are the subject (or stand for «есть …»).
  'будут прожиты': 'nom',
  'в них': 'nom',
  'в нём': 'nom',
  'вам встретятся': 'nom',
  'вам помогут': 'nom',
  'вас говорят': 'nom',
  'вас давят': 'nom',
  'вас действуют': 'nom',
  'вас ждут': 'nom',
  'вас значат': 'nom',
  'вас смешались': 'nom',
  'где были': 'nom',
  'где есть': 'nom',
  'где звучат': 'nom',
  'год пройдут': 'nom',
  'дел замедляют': 'nom',
  'её знаки': 'nom',
  'её определяют': 'nom',
  'её основе': 'nom',
  'здесь слышны': 'nom',
  'и приходят': 'nom',
  'исход повлияют': 'nom',
  'как проявятся': 'nom',
  'когда рядом': 'nom',
  'которой встретятся': 'nom',
  'курсе впереди': 'nom',
  'между ними': 'nom',
  'многое решат': 'nom',
  'многое скажут': 'nom',
  'могут быть': 'nom',
  'могут помешать': 'nom',
  'могут проявиться': 'nom',
  'на весах': 'nom',
  'нагрузку создают': 'nom',
  'настроение определяют': 'nom',
  'началось, тянутся': 'nom',
  'него влияют': 'nom',
  'него идут': 'nom',
  'ней стоят': 'nom',
  'них есть': 'nom',
  'них идут': 'nom',
  'них исходят': 'nom',
  'нём возможны': 'nom',
  'нём есть': 'nom',
  'нём звучат': 'nom',
  'нём переплетаются': 'nom',
  'нём смешались': 'nom',
  'особенно нужны': 'nom',
  'партнёра заметны': 'nom',
  'партнёра сейчас': 'nom',
  'план выходят': 'nom',
  'поддержки: возможны': 'nom',
  'поиске важны': 'nom',
  'пока смешались': 'nom',
  'положение осложняют': 'nom',
  'пользу работают': 'nom',
  'прежде всего': 'nom',
  'пути стоят': 'nom',
  'самочувствию мешают': 'nom',
  'сейчас говорят': 'nom',
  'сейчас звучат': 'nom',
  'сейчас мешают': 'nom',
  'сейчас помогают': 'nom',
  'сейчас сбивают': 'nom',
  'сейчас сильны': 'nom',
  'сейчас смешались': 'nom',
  сначала: 'nom',
  'стороны давят': 'nom',
  'тон задают': 'nom',
  'тормозят ситуацию': 'nom',
  'тянут назад': 'nom',
  'у вас': 'nom',
  'что несут': 'nom',
  'что обещают': 'nom',
  'чём говорят': 'nom',
  это: 'nom',
  // Apposition: «главное в ней — X, то есть радость и успех».
  'то есть': 'nom',
  // The topic lines that name the card's words (each checked by hand: a subject after its verb, or «где X»).
  'а рядом': 'nom',
  'близости мешают': 'nom',
  'в любви': 'nom',
  'в семье': 'nom',
  'вашей ситуации': 'nom',
  'где встречаются': 'nom',
  'даёт: мешают': 'nom',
  'держат их': 'nom',
  'его выдают': 'nom',
  'его двигают': 'nom',
  'его питают': 'nom',
  'его подсказках': 'nom',
  'его поиске': 'nom',
  'ему помогают': 'nom',
  'их держат': 'nom',
  'крепят их': 'nom',
  'него действуют': 'nom',
  'него значат': 'nom',
  'неё влияют': 'nom',
  'ними приходят': 'nom',
  'от него': 'nom',
  'пока решаются': 'nom',
  'расчётом; помогают': 'nom',
  'словами бывают': 'nom',
  'сопротивление, где': 'nom',
  'там, где': 'nom',
  'у них': 'nom',
  'хочется: рядом': 'nom',
  'этим стоят': 'nom',
  // The partner's place read as someone close or the other side, and study (topics.ts).
  'крепят её': 'nom',
  'человека сейчас': 'nom',
  'сближению мешают': 'nom',
  'двигают его': 'nom',
  'в ней': 'nom',
  'него сейчас': 'nom',
  'делу мешают': 'nom',
  'большего: мешают': 'nom',
  'извне давят': 'nom',
  'них смешались': 'nom',
  'особенно ценны': 'nom',
  // The keywords are the object.
  'в уме': 'acc',
  'естественно, через': 'acc',
  'и учесть': 'acc',
  'уходят на': 'acc',
  'другие заметят': 'acc',
  'в вас': 'acc',
  'в виду': 'acc',
  'в отношения': 'acc',
  'в равновесии': 'acc',
  'в себе': 'acc',
  'вас приносит': 'acc',
  'ведёт через': 'acc',
  'вы примете': 'acc',
  выбрать: 'acc',
  'готовит вам': 'acc',
  'дал вам': 'acc',
  'действовать, взвесьте': 'acc',
  'если принять': 'acc',
  'заранее учесть': 'acc',
  'к картине': 'acc',
  'к ситуации': 'acc',
  'карта видит': 'acc',
  'кто несёт': 'acc',
  'могут приносить': 'acc',
  'может принести': 'acc',
  'можете получить': 'acc',
  'надеетесь на': 'acc',
  'не кормить': 'acc',
  'оно означает': 'acc',
  'оставите позади': 'acc',
  'откликается на': 'acc',
  'партнёр бережёт': 'acc',
  'человек бережёт': 'acc',
  'вашу связь': 'acc',
  'него несут': 'acc',
  'результат покажет': 'acc',
  'пойдёт через': 'acc',
  'придётся учесть': 'acc',
  'принесёт вам': 'acc',
  'прошлое принесло': 'acc',
  'с собой': 'acc',
  'сделать на': 'acc',
  'сейчас ценят': 'acc',
  'тратить, учтите': 'acc',
  'что питает': 'acc',
};

const MARK: Kw = { nom: '⟦nom⟧', acc: '⟦acc⟧' };

/** Every template that takes keywords, as a function of them. */
const TEMPLATES: { name: string; render: (k: Kw) => string }[] = [
  ...Object.entries(ROLE_LINES).flatMap(([role, bank]) =>
    Object.entries(bank).flatMap(([tone, lines]) => lines.map((render, i) => ({ name: `${role}:${tone}:${i}`, render }))),
  ),
  ...Object.entries(PARTNER_AS).flatMap(([as, bank]) =>
    Object.entries(bank).flatMap(([tone, lines]) => lines.map((render, i) => ({ name: `partner-as:${as}:${tone}:${i}`, render }))),
  ),
  ...TOPIC_TEMPLATES.map((render, i) => ({ name: `topic:${i}`, render })),
  ...GOOD_REVERSAL.map((render, i) => ({ name: `good-reversal:${i}`, render })),
  ...Object.entries(SECOND).flatMap(([stance, lines]) =>
    lines.map((f, i) => ({ name: `second:${stance}:${i}`, render: (k: Kw) => f({ card: DECK[0], orientation: 'upright' } as never, k) })),
  ),
  // The conclusion's keyword slots (the answer, the advice, a sensitive theme's support): the card is «**X**».
  ...Object.entries(OPEN_LEAD).flatMap(([ask, lines]) =>
    lines.map((f, i) => ({ name: `open:${ask}:${i}`, render: (k: Kw) => f('Будущее', '**X**', k.nom) })),
  ),
  ...VAGUE.map((f, i) => ({ name: `vague:${i}`, render: (k: Kw) => f('**X**', k.nom) })),
  ...Object.entries(CARE_TAIL).flatMap(([tone, lines]) =>
    lines.map((f, i) => ({ name: `care:${tone}:${i}`, render: (k: Kw) => f('**X**', k.nom) })),
  ),
  ...Object.entries(ADVICE).flatMap(([tone, lines]) =>
    lines.map((f, i) => ({ name: `advice:${tone}:${i}`, render: (k: Kw) => f('**X**', '**X**', k.nom) })),
  ),
];

/** The case a slot needs, from the two tokens before it. */
function governed(before: string): Case | undefined {
  const tail = before.trimEnd();
  if (/[:—]$/.test(tail)) return 'nom';
  const tokens = tail
    .toLowerCase()
    .split(/\s+/)
    .slice(-2)
    .join(' ')
    .replace(/^[^\p{L}]+/u, '');
  return GOVERNS[tokens] ?? GOVERNS[tokens.split(' ').pop()!];
}

const ALL_WORDS = [...new Set(DECK.flatMap((c) => [...c.keywords, ...c.reversedKeywords]))];

describe('case agreement where keywords are slotted in', () => {
  it(`every slot of the ${TEMPLATES.length} templates stands in a context checked by hand, in the case it governs`, () => {
    const problems: string[] = [];
    for (const t of TEMPLATES) {
      const text = t.render(MARK);
      // A slot that takes the keywords object whole («${kw}» for «${k.nom}») prints «[object Object]».
      if (text.includes('[object')) problems.push(`${t.name}: the keywords object itself in «${text}»`);
      for (const m of text.matchAll(/⟦(nom|acc)⟧/g)) {
        // A verb after the keywords that takes them as its object: «X стоит учесть».
        const objectAfter = /^\s+(стоит|нужно|надо|можно|важно|пора)\s/.test(text.slice(m.index + m[0].length));
        const need = objectAfter ? 'acc' : governed(text.slice(0, m.index));
        if (!need) problems.push(`${t.name}: unchecked context before the keywords in «${text}»`);
        else if (need !== m[1]) problems.push(`${t.name}: needs the ${need} in «${text}»`);
      }
    }
    expect(problems).toEqual([]);
  });

  it(`renders every template with each of the ${ALL_WORDS.length} keywords in the case its context needs`, () => {
    let checked = 0;
    for (const t of TEMPLATES) {
      const parts = t.render(MARK).split(/(⟦(?:nom|acc)⟧)/);
      for (const w of ALL_WORDS) {
        const text = t.render({ nom: w, acc: accusative(w) });
        const expected = parts.map((p) => (p === '⟦nom⟧' ? w : p === '⟦acc⟧' ? accusative(w) : p)).join('');
        if (text !== expected) expect.fail(`${t.name} with «${w}»: «${text}»`);
        checked++;
      }
    }
    expect(checked).toBe(TEMPLATES.length * ALL_WORDS.length);
  });

  it('every keyword whose accusative differs has it (feminine words in -а/-я, animate nouns), and only keywords do', () => {
    // Checked once against a morphology dictionary: these start with a word in -а/-я and do not change.
    const SAME = new Set([
      'препятствия',
      'сомнения в себе',
      'затянувшийся кризис',
      'излишества',
      'ограничения',
      'сомнения',
      'воспоминания',
      'несбывшиеся ожидания',
      'несбывшиеся надежды',
      'разногласия',
      'недоразумения',
      'бремя',
      'приключения',
    ]);
    const missing = ALL_WORDS.filter((w) => (/[ая]$/.test(w.split(' ')[0]) || /наставник/.test(w)) && !ACCUSATIVE[w] && !SAME.has(w));
    expect(missing).toEqual([]);
    expect(Object.keys(ACCUSATIVE).filter((w) => !ALL_WORDS.includes(w))).toEqual([]);
    expect(accusative('новая мотивация')).toBe('новую мотивацию');
    expect(accusative('духовный наставник')).toBe('духовного наставника');
    expect(accusative('одиночество')).toBe('одиночество');
  });
});

describe('strengths and difficulties', () => {
  const both: Orientation[] = ['upright', 'reversed'];

  it('a sentence that supports names only strengths, a warning only difficulties, two of them at least', () => {
    for (const card of DECK)
      for (const o of both) {
        const signs = new Map(signsOf(card, o).map((w) => [w.word, w.sign]));
        const good = wordsFor(card, o, 'good');
        const bad = wordsFor(card, o, 'bad');
        expect(
          good.filter((w) => signs.get(w) === '-'),
          `${card.id} ${o}`,
        ).toEqual([]);
        expect(
          bad.filter((w) => signs.get(w) === '+'),
          `${card.id} ${o}`,
        ).toEqual([]);
        const tone = toneOf(valenceOf(card, o));
        if (tone === 'light') expect(good.length, `${card.id} ${o}`).toBeGreaterThanOrEqual(2);
        if (tone === 'hard') expect(bad.length, `${card.id} ${o}`).toBeGreaterThanOrEqual(2);
      }
  });

  it('the Nine of Swords reversed is exhaustion and hidden fears as well as relief: only the relief is praised', () => {
    const nine = DECK.find((c) => c.id === 'nine-of-swords')!;
    expect(wordsFor(nine, 'reversed', 'good')).toEqual(['ослабление тревоги', 'обращение за помощью', 'свет в конце тоннеля']);
    expect(wordsFor(nine, 'reversed', 'good')).not.toContain('изнурённость');
  });
});
