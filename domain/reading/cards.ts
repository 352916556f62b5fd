// The card section: each turned card in its position — what it means there, upright or reversed, in the
// card's own words for that orientation (told in the third person where the position is about someone
// else) — and, for the key cards, what it says about the question's topic.
import type { PromptCard } from './prompt-types';
import { bold, meaningOf, subj, type Ctx, type ReadCard } from './context';
import type { Kw } from './lexicon';
import { meaningAbout, partnerWho, WHO } from './others';
import { capitalize } from './picker';
import { fuse } from './fuse';
import { MONTHS_IN, partnerAs, roleLines, roleOf } from './roles';
import { offTopicKeyword } from '../tarot/meanings/words';
import { positionAbout } from '../tarot/custom-spreads';
import { monthOfPosition } from '../tarot/spreads';
import { topicLine } from './topics';
import { areaMeaning, type LifeArea } from '../tarot/meanings';
import { studyMeaning } from './study-meaning';

const REVERSED = ' в перевёрнутом положении';

/** «вы», «вас», «ваш…», «вам» and the verbs of «вы». */
const SECOND_PERSON = /(?<!\p{L})([Вв]ы|[Вв]ас|[Вв]ам|[Вв]аш\p{L}*)(?!\p{L})|(?<!\p{L})\p{L}{3,}(ете|ёте|ите|йте|ьте)(?!\p{L})/u;

/** Openers that only make sense after the first card. */
const LATER_INTROS: readonly ((c: ReadCard, rev: string) => string)[] = [
  (c, r) => `Следом в позицию «${c.positionName}» ложится ${subj(c)}${r}.`,
  (c, r) => `Дальше, на месте «${c.positionName}», выпадает ${subj(c)}${r}.`,
  (c, r) => `Потом открывается позиция «${c.positionName}», и в ней ${bold(c)}${r}.`,
  (c, r) => `Очередь позиции «${c.positionName}»: здесь ${bold(c)}${r}.`,
  (c, r) => `Затем в позиции «${c.positionName}» выходит ${subj(c)}${r}.`,
  (c, r) => `Следующая карта, ${bold(c)}${r}, легла в позицию «${c.positionName}».`,
];

const INTROS: readonly ((c: ReadCard, rev: string) => string)[] = [
  (c, r) => `В позиции «${c.positionName}» лежит ${subj(c)}${r}.`,
  (c, r) => `${capitalize(subj(c))}${r} занимает позицию «${c.positionName}».`,
  (c, r) => `На месте «${c.positionName}» выпала карта ${bold(c)}${r}.`,
  (c, r) => `Позицию «${c.positionName}» открывает ${subj(c)}${r}.`,
  (c, r) => `В позиции «${c.positionName}» оказывается ${subj(c)}${r}.`,
  (c, r) => `${capitalize(subj(c))}${r} ложится в позицию «${c.positionName}».`,
  (c, r) => `В позиции «${c.positionName}» появляется ${subj(c)}${r}.`,
  (c, r) => `Позиция «${c.positionName}» отдана карте ${bold(c)}${r}.`,
  (c, r) => `На позицию «${c.positionName}» выходит ${subj(c)}${r}.`,
  (c, r) => `О позиции «${c.positionName}» говорит ${subj(c)}${r}.`,
  (c, r) => `Позицию «${c.positionName}» занимает ${subj(c)}${r}.`,
];

/** A month's card in the year forecast (`when` is «в январе»). */
const MONTH_INTROS: readonly ((when: string, c: ReadCard, rev: string) => string)[] = [
  (w, c, r) => `${capitalize(w)} вам выпадает ${subj(c)}${r}.`,
  (w, c, r) => `${capitalize(w)} приходит ${subj(c)}${r}.`,
  (w, c, r) => `${capitalize(w)} ваша карта — ${bold(c)}${r}.`,
  (w, c, r) => `${capitalize(w)} открывается ${subj(c)}${r}.`,
  (w, c, r) => `${capitalize(w)} ложится ${subj(c)}${r}.`,
  (w, c, r) => `${capitalize(w)} на первый план выходит ${subj(c)}${r}.`,
];

/** A reversed card whose reversed meaning is good news: say so, instead of a warning. */
export const GOOD_REVERSAL: readonly ((k: Kw) => string)[] = [
  (k) => `Перевёрнутое положение здесь не предупреждение: у этой карты оно означает ${k.acc}.`,
  (k) => `Её перевёрнутость — к лучшему: трудная сторона карты отступает, и приходят ${k.nom}.`,
  (k) => `В таком положении карта говорит о выходе из тяжёлого — это ${k.nom}.`,
  (k) => `Перевёрнутая, эта карта несёт облегчение: ${k.nom}.`,
];

/**
 * The card's meaning where it lies, for the part of life asked about; a question of no particular part of
 * life gets the card's general meaning, about the person asking or about the partner or the people around.
 * A study question (`study`) reads the work meaning without its job (study-meaning.ts); the partner's place
 * in a question not about love is someone close or the other side (WHO).
 */
export function meaningIn(c: PromptCard, area: LifeArea = 'general', study = false): string {
  const role = c.customRole ?? roleOf(c.positionId);
  const about = role === 'partner' || role === 'surroundings';
  const reversed = c.orientation === 'reversed';
  const own =
    area === 'general' ? undefined : study && area === 'work' ? studyMeaning(c.card.id, reversed) : areaMeaning(c.card.id, reversed, area);
  // A meaning that speaks to the person asking is not said of the partner or the people around.
  if (own && !(about && SECOND_PERSON.test(own))) return own;
  if (about) {
    const told = meaningAbout(c.card, c.orientation, role === 'partner' ? partnerWho(area) : WHO[role]);
    // The partner's place in a question not about love: a told meaning of the couple gives way to the card's general one.
    const off = role === 'partner' && partnerAs(area) !== 'partner' ? offTopicKeyword(area) : null;
    const general = off?.test(told) ? areaMeaning(c.card.id, reversed, 'general') : undefined;
    return general && !SECOND_PERSON.test(general) && !off!.test(general) ? general : told;
  }
  return meaningOf(c.card, c.orientation);
}

export function cardParagraph(ctx: Ctx, c: ReadCard, i: number, withTopic: boolean): string {
  const rev = c.orientation === 'reversed' ? REVERSED : '';
  const parts: string[] = [];
  if (c.role === 'month') {
    const month = monthOfPosition(c.positionId, ctx.input.firstMonth);
    const when = month === null ? `в позиции «${c.positionName}»` : MONTHS_IN[month];
    parts.push(ctx.pick.pick('month-intro', MONTH_INTROS)(when, c, rev));
  } else if (i > 0 && ctx.pick.hasLeft('later', LATER_INTROS.length) && ctx.pick.pick('coin', [true, false, false]))
    parts.push(ctx.pick.pick('later', LATER_INTROS)(c, rev));
  else parts.push(ctx.pick.pick('intro', INTROS)(c, rev));
  // The intro runs into the meaning: a sentence that only names the card would recur in every reading.
  parts.push(fuse(parts.pop()!, meaningIn(c, ctx.area, ctx.q.area === 'study')));
  // The keywords that follow name what the meaning has not said already.
  const said = parts.join(' ');
  // A position of the user's own spread without a role always says what its name asks about.
  if (c.customRole === null) parts.push(`Это ${positionAbout(c.positionName)}: в ней звучат ${ctx.words(c, undefined, said).nom}.`);
  if (c.orientation === 'reversed' && c.valence > 0) parts.push(ctx.pick.pick('good-reversal', GOOD_REVERSAL)(ctx.words(c, 'good', said)));
  else if (c.customRole !== null)
    parts.push(ctx.pick.pick(`role:${c.role}:${c.tone}`, roleLines(c.role, ctx.area)[c.tone])(ctx.words(c, undefined, said)));
  if (withTopic) parts.push(topicLine(ctx, c));
  return parts.join(' ');
}
