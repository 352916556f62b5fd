// The daily card's own page: the card's meaning for today as a paragraph and one question to carry through the
// day. Built from the deck's texts (no AI, so it is there at once, offline and for everyone); the same card and
// orientation always give the same words. Pure: the server puts it in the daily card's answer.
import { wordsFor } from './lexicon';
import type { Orientation, Suit, TarotCard } from '../types';

/** 'a', 'a и b', 'a, b и c'. */
const joinRu = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;

/** What each suit's day is about: the sphere the card speaks to. */
const SPHERE: Record<Suit, string> = {
  major: 'Старший аркан говорит не о мелочах дня, а о его главной теме',
  cups: 'Масть Кубков обращает день к чувствам и близким людям',
  pentacles: 'Масть Пентаклей говорит о делах, деньгах, теле и всём, что можно потрогать руками',
  swords: 'Масть Мечей говорит о мыслях, словах и решениях',
  wands: 'Масть Жезлов говорит о воле, замыслах и том, на что уходят силы',
};

/** Questions per suit; the card's number picks one, so a card keeps its question. `{k}` is a keyword of the card. */
const QUESTIONS: Record<Suit, readonly string[]> = {
  major: [
    'Где в вашей жизни сейчас звучит тема «{k}» — и что она просит от вас сегодня?',
    'Что изменится к вечеру, если вы примете тему «{k}» всерьёз?',
    'Какой один шаг сегодня приблизит вас к тому, о чём говорит «{k}»?',
  ],
  cups: [
    'Что вы сегодня чувствуете на самом деле — и кому стоит об этом сказать?',
    'Где сегодня в ваших отношениях проявляется «{k}»?',
    'Что наполнило бы вас сегодня, если бы вы позволили себе это?',
  ],
  pentacles: [
    'Какое практическое дело сегодня стоит довести до конца?',
    'Где в ваших делах и деньгах сегодня видна тема «{k}»?',
    'Что вы можете сегодня сделать для своего тела и своего дома?',
  ],
  swords: [
    'Какую мысль вы сегодня повторяете себе — и правда ли она?',
    'Какое решение вы откладываете, и что оно говорит о теме «{k}»?',
    'Какие слова сегодня стоит сказать, а какие — оставить при себе?',
  ],
  wands: [
    'На что вам сегодня действительно хочется потратить силы?',
    'Где сегодня проявляется «{k}» — и куда направить этот огонь?',
    'Что вы давно хотели начать — и что мешает начать сегодня?',
  ],
};

const sentences = (text: string) => text.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [text.trim()];
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The card's meaning for today: its meaning, what the day leans on and what to watch for, and the suit's sphere. */
export function dailyParagraph(card: TarotCard, orientation: Orientation): string {
  const meaning = orientation === 'reversed' ? card.reversedMeaning : card.meaning;
  const good = wordsFor(card, orientation, 'good').slice(0, 2);
  const bad = riskWords(card, orientation).slice(0, 2);
  const out = [meaning.trim()];
  if (good.length && bad.length) out.push(`Сегодня ваша опора — ${joinRu(good)}, а беречься стоит другого: ${joinRu(bad)}.`);
  else if (good.length) out.push(`Сегодня ваша опора — ${joinRu(good)}: в этом сила этого дня.`);
  else if (bad.length)
    out.push(`Карта говорит о трудном (${joinRu(bad)}); это не приговор, а то, с чем сегодня стоит обращаться бережно — и к себе тоже.`);
  out.push(`${SPHERE[card.suit]}: посмотрите на события дня через неё.`);
  return out.join(' ');
}

/** One question to carry through the day. */
export function reflectionQuestion(card: TarotCard, orientation: Orientation): string {
  const keywords = orientation === 'reversed' ? card.reversedKeywords : card.keywords;
  const list = QUESTIONS[card.suit];
  const q = list[card.number % list.length]!;
  return q.replace('{k}', keywords[0] ?? card.name);
}

/**
 * The card's difficulties in this orientation, without the words its own meaning recommends (the Hermit's
 * «уединение» is his advice, not a risk): a text that warns against what it just advised contradicts itself.
 */
export function riskWords(card: TarotCard, orientation: Orientation): string[] {
  const meaning = (orientation === 'reversed' ? card.reversedMeaning : card.meaning).toLowerCase();
  const named = (w: string) =>
    lower(w)
      .split(/\s+/)
      .some((part) => part.length >= 5 && meaning.includes(part.slice(0, 6)));
  return wordsFor(card, orientation, 'bad').filter((w) => !named(w));
}

/** The last sentence of the card's meaning, which in this deck is the advice when there is more than one. */
export function adviceSentence(card: TarotCard, orientation: Orientation): string | null {
  const all = sentences(orientation === 'reversed' ? card.reversedMeaning : card.meaning);
  return all.length > 1 ? all[all.length - 1]! : null;
}
