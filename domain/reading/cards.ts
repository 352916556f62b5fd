// The card section: each turned card in its position — what it means there, upright or reversed, in the
// card's own words for that orientation — and, for the key cards, what it says about the question's topic.
import { NUMBER_THEME, SUIT_INFO, isCourt, personOf } from './facts';
import { bold, kw, meaningOf, subj, type Ctx, type ReadCard } from './context';
import { capitalize, joinRu } from './picker';
import { MONTH_IN, ROLE_LINES } from './roles';
import { topicLine } from './topics';
import type { Suit } from '../types';

const REVERSED = ' в перевёрнутом положении';

/** Openers that only make sense after the first card. */
const LATER_INTROS: readonly ((c: ReadCard, rev: string) => string)[] = [
  (c, r) => `Следом, в позиции «${c.positionName}», — ${bold(c)}${r}.`,
  (c, r) => `Дальше, на месте «${c.positionName}», — ${bold(c)}${r}.`,
  (c, r) => `Затем в позиции «${c.positionName}» выходит ${subj(c)}${r}.`,
];

const INTROS: readonly ((c: ReadCard, rev: string) => string)[] = [
  (c, r) => `В позиции «${c.positionName}» лежит ${subj(c)}${r}.`,
  (c, r) => `${capitalize(subj(c))}${r} занимает позицию «${c.positionName}».`,
  (c, r) => `На месте «${c.positionName}» выпала карта ${bold(c)}${r}.`,
  (c, r) => `Позицию «${c.positionName}» открывает ${subj(c)}${r}.`,
  (c, r) => `В позиции «${c.positionName}» оказывается ${subj(c)}${r}.`,
  (c, r) => `${capitalize(subj(c))}${r} ложится в позицию «${c.positionName}».`,
  (c, r) => `В позиции «${c.positionName}» появляется ${subj(c)}${r}.`,
  (c, r) => `Позиция «${c.positionName}» — это ${bold(c)}${r}.`,
  (c, r) => `Позицию «${c.positionName}» занимает ${subj(c)}${r}.`,
];

/** A reversed card whose reversed meaning is good news: say so, instead of a warning. */
const GOOD_REVERSAL: readonly ((k: string) => string)[] = [
  (k) => `Перевёрнутое положение здесь не предупреждение: у этой карты оно означает ${k}.`,
  (k) => `Её перевёрнутость — к лучшему: трудная сторона карты отступает, и приходят ${k}.`,
  (k) => `В таком положении карта говорит о выходе из тяжёлого — это ${k}.`,
];

export function cardParagraph(ctx: Ctx, c: ReadCard, i: number, withTopic: boolean): string {
  const rev = c.orientation === 'reversed' ? REVERSED : '';
  const parts: string[] = [];
  if (c.role === 'month') {
    const when = MONTH_IN[c.positionName] ?? `в позиции «${c.positionName}»`;
    parts.push(`${capitalize(when)} вам выпадает ${subj(c)}${rev}.`);
  } else if (i > 0 && ctx.pick.hasLeft('later', LATER_INTROS.length) && ctx.pick.pick('coin', [true, false, false]))
    parts.push(ctx.pick.pick('later', LATER_INTROS)(c, rev));
  else parts.push(ctx.pick.pick('intro', INTROS)(c, rev));
  parts.push(meaningOf(c.card, c.orientation));
  if (c.orientation === 'reversed' && c.valence > 0) parts.push(ctx.pick.pick('good-reversal', GOOD_REVERSAL)(ctx.kw(c)));
  else parts.push(ctx.pick.pick(`role:${c.role}:${c.tone}`, ROLE_LINES[c.role][c.tone])(ctx.kw(c)));
  if (withTopic) parts.push(topicLine(ctx, c));
  return parts.join(' ');
}

/**
 * The spread as a whole: fate against everyday (majors and minors), the dominant suit and its element,
 * court cards as people, repeated numbers, the reversals, and the story from the first card to the last.
 */
export function wholeSpread(ctx: Ctx): string {
  const cards = ctx.cards;
  const n = cards.length;
  const out: string[] = [];
  if (n < 2) return '';
  const majors = cards.filter((c) => c.card.suit === 'major');
  if (majors.length === 0) out.push('Старших арканов в раскладе нет: всё решается в повседневных делах и ваших собственных шагах, а не волей судьбы.');
  else if (majors.length * 2 > n) out.push(`Старших арканов здесь ${majors.length} из ${n}: ситуация больше, чем кажется, и связана с важным поворотом жизни.`);
  else if (ctx.premium || n <= 3)
    out.push(`${majors.length === 1 ? 'Единственный старший аркан' : 'Старшие арканы'} (${joinRu(majors.map((c) => bold(c)))}) ${majors.length === 1 ? 'отмечает' : 'отмечают'} то, что от вас не зависит; остальное — в ваших руках.`);

  const counts = new Map<Exclude<Suit, 'major'>, number>();
  for (const c of cards) if (c.card.suit !== 'major') counts.set(c.card.suit, (counts.get(c.card.suit) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (top.length && top[0][1] >= 2 && (top.length === 1 || top[0][1] > top[1][1])) {
    const s = SUIT_INFO[top[0][0]];
    out.push(`Больше всего карт масти ${s.plural} — стихия ${s.element}: главное здесь ${s.sphere}.`);
  }

  const courts = cards.filter((c) => isCourt(c.card));
  if (courts.length && (ctx.premium || out.length < 2)) {
    const c = courts[0];
    out.push(`${capitalize(subj(c))} может означать не только настроение, но и человека — ${personOf(c.card)}.`);
  }

  const ranks = new Map<number, number>();
  for (const c of cards) if (c.card.suit !== 'major' && c.card.rank <= 10) ranks.set(c.card.rank, (ranks.get(c.card.rank) ?? 0) + 1);
  const repeated = [...ranks.entries()].filter(([, k]) => k >= 2).sort((a, b) => b[1] - a[1])[0];
  if (repeated) {
    const t = NUMBER_THEME[repeated[0]];
    out.push(`Повторяются ${t.word}: расклад подчёркивает ${t.theme}.`);
  }

  const reversed = cards.filter((c) => c.orientation === 'reversed');
  const goodReversed = reversed.filter((c) => c.valence > 0);
  if (reversed.length * 2 > n && n >= 3)
    out.push(
      goodReversed.length
        ? 'Перевёрнутых карт больше половины: многое идёт изнутри и с задержкой, но часть из них говорит как раз о выходе из трудного.'
        : 'Перевёрнутых карт больше половины: энергия сейчас направлена внутрь, и события идут медленнее, чем хочется.',
    );
  else if (reversed.length === 0 && n >= 3) out.push('Все карты легли прямо: энергия расклада открыта, и его смысл читается без обиняков.');

  if (ctx.premium || out.length < 2) {
    const first = cards[0];
    const last = cards[n - 1];
    const move = first.valence < last.valence ? 'к лучшему' : first.valence > last.valence ? 'к более трудному' : 'ровно';
    const from = kw(first, 3, 1);
    const to = kw(last, 4, 1);
    out.push(
      move === 'ровно'
        ? `История расклада идёт от темы «${from}» к теме «${to}», без резких перепадов.`
        : `История расклада ведёт от темы «${from}» к теме «${to}» — движение ${move}.`,
    );
  }
  return out.slice(0, ctx.premium ? 5 : 2).join(' ');
}
