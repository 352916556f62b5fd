// The spread as a whole: fate against everyday (majors and minors), the dominant suit and its element, court
// cards as people, repeated numbers, the reversals and the story from the first card to the last — each claim
// only as far as the cards support it (a number's theme follows the orientation of its cards, the story's
// direction their valence). Premium adds the notable pairs and the elements of neighbouring cards.
import { bold, oneWord, subj, type Ctx, type ReadCard } from './context';
import { ELEMENT_NAME, NUMBER_THEME, type SUIT_INFO, suitInfoFor, dignityOf, elementOf, isCourt, personOf } from './facts';
import { notablePairs } from './pairs';
import { capitalize, joinRu } from './picker';
import type { Suit } from '../types';
import { offTopic } from '../tarot/meanings/words';

type Minor = Exclude<Suit, 'major'>;

const NO_MAJORS: readonly string[] = [
  'Старших арканов в раскладе нет: всё решается в повседневных делах и ваших собственных шагах, а не волей судьбы.',
  'В раскладе одни младшие арканы — ситуация житейская, и её исход в ваших руках.',
  'Ни одного старшего аркана: судьба здесь не вмешивается, всё решают будничные шаги.',
  'Раз старших арканов нет, вопрос не роковой: его решают обычные дела и ваши решения.',
  'Все карты — младшие арканы, и это хорошая новость: здесь многое можно поправить самому.',
];

const MANY_MAJORS: readonly ((k: number, n: number) => string)[] = [
  (k, n) => `Старших арканов здесь ${k} из ${n}: ситуация больше, чем кажется, и связана с важным поворотом жизни.`,
  (k, n) => `${k} старших аркана из ${n} — знак того, что речь о судьбоносном этапе, а не о мелочи.`,
  (k, n) => `Больше половины карт (${k} из ${n}) — старшие арканы: за вопросом стоит крупный жизненный сдвиг.`,
  (k, n) => `Старшие арканы преобладают (${k} из ${n}), и это говорит о событиях, которые меняют жизнь надолго.`,
];

/** `names` the majors' bold names; `one` a single major; `subject` them as the subject of a verb («карта **Влюблённые**»). */
const SOME_MAJORS: readonly ((names: string, one: boolean, subject: string) => string)[] = [
  (names, one) =>
    `${one ? 'Единственный старший аркан' : 'Старшие арканы'} (${names}) ${one ? 'отмечает' : 'отмечают'} то, что от вас не зависит; остальное — в ваших руках.`,
  (_names, one, subject) => `Волю судьбы здесь ${one ? 'несёт' : 'несут'} ${subject}; всё прочее решается вашими шагами.`,
  (names, one) =>
    `${capitalize(names)} — ${one ? 'старший аркан, он показывает' : 'старшие арканы, они показывают'}, где ситуация сильнее вас, а в остальном выбор за вами.`,
  (names, one) =>
    `Судьбоносное в раскладе ${one ? 'сосредоточено в одной карте' : 'сосредоточено в картах'} ${names}; прочие карты — о повседневном.`,
];

const SUIT_LINES: readonly ((s: (typeof SUIT_INFO)[Minor]) => string)[] = [
  (s) => `Больше всего карт масти ${s.plural} — стихия ${s.element}: главное здесь ${s.sphere}.`,
  (s) => `Преобладает масть ${s.plural}, стихия ${s.element}, и это подсказывает, где решается вопрос: ${s.sphere}.`,
  (s) => `Масть ${s.plural} звучит громче других: в центре — ${s.sphere}.`,
  (s) => `Чаще других выпадает масть ${s.plural}; стихия ${s.element} переводит разговор на ${s.acc}.`,
];

const MANY_REVERSED_GOOD: readonly string[] = [
  'Перевёрнутых карт больше половины: многое идёт изнутри и с задержкой, но часть из них говорит как раз о выходе из трудного.',
  'Перевёрнутых карт много, но не все они тревожные: некоторые как раз о том, что тяжёлое отступает.',
  'Больше половины карт перевёрнуты; это замедляет события, хотя среди них есть и вести об облегчении.',
  'Расклад полон перевёрнутых карт: процессы идут внутри, и часть из них — это выздоровление после трудного.',
];
const MANY_REVERSED_HARD: readonly string[] = [
  'Перевёрнутых карт больше половины: энергия сейчас направлена внутрь, и события идут медленнее, чем хочется.',
  'Больше половины карт перевёрнуты — время скорее для внутренней работы, чем для рывка.',
  'Перевёрнутые карты преобладают: что-то буксует, и торопить это бесполезно.',
  'Много перевёрнутых карт: ситуация пока созревает изнутри, и внешних перемен придётся подождать.',
];
const ALL_UPRIGHT: readonly string[] = [
  'Все карты легли прямо: энергия расклада открыта, и его смысл читается без обиняков.',
  'Ни одной перевёрнутой карты — расклад говорит прямо и без скрытых подвохов.',
  'Карты легли прямо, все до одной: события развиваются открыто, как есть.',
  'Перевёрнутых карт нет, и это делает ответ расклада ясным и прямым.',
];

/** The story from the first card to the last; each is named by a theme in quotes («от темы «a» к теме «b»»). */
const ARC: Record<'up' | 'down' | 'even', readonly ((from: string, to: string) => string)[]> = {
  up: [
    (a, b) => `История расклада ведёт от темы «${a}» к теме «${b}» — движение к лучшему.`,
    (a, b) => `От первой карты к последней настроение светлеет: от темы «${a}» к теме «${b}».`,
    (a, b) => `Расклад начинается с темы «${a}», а заканчивается темой «${b}» — и это путь вверх.`,
    (a, b) => `Сюжет расклада — переход от темы «${a}» к теме «${b}», и он обнадёживает.`,
  ],
  down: [
    (a, b) => `История расклада ведёт от темы «${a}» к теме «${b}» — движение к более трудному, и его стоит учесть заранее.`,
    (a, b) => `От первой карты к последней тон становится строже: от темы «${a}» к теме «${b}».`,
    (a, b) => `Расклад начинается с темы «${a}», а заканчивается темой «${b}»: конец требует больше внимания, чем начало.`,
    (a, b) => `Сюжет расклада — переход от темы «${a}» к теме «${b}», и это предупреждение, а не приговор.`,
  ],
  even: [
    (a, b) => `История расклада идёт от темы «${a}» к теме «${b}», без резких перепадов.`,
    (a, b) => `От первой карты к последней — ровная линия: от темы «${a}» к теме «${b}».`,
    (a, b) => `Расклад начинается с темы «${a}» и приходит к теме «${b}», не меняя своего тона.`,
    (a, b) => `Сюжет расклада спокойный: от темы «${a}» к теме «${b}».`,
  ],
};

/** `e1`, `e2`: the two elements in the nominative (for «same», `e1` in the genitive); `g2` the second in the genitive (after «против»). */
const DIGNITY: Record<
  'same' | 'friendly' | 'opposed',
  readonly ((a: ReadCard, b: ReadCard, e1: string, e2: string, g2: string) => string)[]
> = {
  same: [
    (a, b, e) => `Соседние ${bold(a)} и ${bold(b)} — обе карты стихии ${e}: они усиливают друг друга, и эта тема звучит вдвойне.`,
    (a, b, e) =>
      `${capitalize(bold(a))} и ${bold(b)} лежат рядом и принадлежат одной стихии — стихии ${e}, и их голоса сливаются в один, более громкий.`,
    (a, b, e) => `Стихия ${e} у соседних карт ${bold(a)} и ${bold(b)} общая, и это удваивает их силу.`,
  ],
  friendly: [
    (a, b, e1, e2) => `${capitalize(bold(a))} и ${bold(b)} — стихии ${e1} и ${e2}, союзники: соседние карты поддерживают друг друга.`,
    (a, b, e1, e2) => `Рядом лежат ${bold(a)} и ${bold(b)}; стихии ${e1} и ${e2} дружны, и одна карта помогает другой раскрыться.`,
    (a, b, e1, e2) => `Между картами ${bold(a)} и ${bold(b)} согласие стихий — ${e1} и ${e2} питают друг друга.`,
  ],
  opposed: [
    (a, b, e1, e2) =>
      `${capitalize(bold(a))} и ${bold(b)} лежат рядом, но их стихии — ${e1} и ${e2} — спорят: карты ослабляют друг друга, и здесь возможен внутренний конфликт.`,
    (a, b, e1, e2) => `Соседство карт ${bold(a)} и ${bold(b)} напряжённое: стихии ${e1} и ${e2} гасят друг друга, и обе темы звучат тише.`,
    (a, b, e1, _e2, g2) =>
      `Между картами ${bold(a)} и ${bold(b)} спор стихий — ${e1} против ${g2}: то, что даёт одна карта, другая забирает.`,
  ],
};

/** A court card as a person; `person` is in the accusative («зрелую чуткую женщину…»). */
const COURT: readonly ((c: ReadCard, person: string) => string)[] = [
  (c, p) => `${capitalize(subj(c))} может означать не только настроение, но и человека — ${p}.`,
  (c, p) => `${capitalize(subj(c))} может указывать и на конкретного человека: на ${p}.`,
  (c, p) => `${capitalize(subj(c))} — придворная карта, и она может показывать ${p}.`,
  (c, p) => `Стоит присмотреться к людям рядом: ${subj(c)} может означать ${p}.`,
];

function majorsLine(ctx: Ctx, cards: ReadCard[]): string | null {
  const n = cards.length;
  const majors = cards.filter((c) => c.card.suit === 'major');
  if (majors.length === 0) return ctx.pick.pick('syn:no-majors', NO_MAJORS);
  if (majors.length * 2 > n) return ctx.pick.pick('syn:many-majors', MANY_MAJORS)(majors.length, n);
  if (!ctx.premium && n > 3) return null;
  const one = majors.length === 1;
  const names = joinRu(majors.map(bold));
  return ctx.pick.pick('syn:some-majors', SOME_MAJORS)(names, one, one ? subj(majors[0]) : names);
}

function suitLine(ctx: Ctx, cards: ReadCard[]): string | null {
  const counts = new Map<Minor, number>();
  for (const c of cards) if (c.card.suit !== 'major') counts.set(c.card.suit, (counts.get(c.card.suit) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!top.length || top[0][1] < 2 || (top.length > 1 && top[0][1] === top[1][1])) return null;
  return ctx.pick.pick('syn:suit', SUIT_LINES)(suitInfoFor(top[0][0], ctx.area));
}

/** A repeated number, read by the orientation of its cards. */
function numberLine(cards: ReadCard[]): string | null {
  const byRank = new Map<number, ReadCard[]>();
  for (const c of cards) if (c.card.suit !== 'major' && c.card.rank <= 10) byRank.set(c.card.rank, [...(byRank.get(c.card.rank) ?? []), c]);
  const repeated = [...byRank.values()].filter((g) => g.length >= 2).sort((a, b) => b.length - a.length)[0];
  if (!repeated) return null;
  const t = NUMBER_THEME[repeated[0].card.rank];
  const reversed = repeated.filter((c) => c.orientation === 'reversed').length;
  if (reversed === 0) return `Повторяются ${t.word}: расклад подчёркивает ${t.up}.`;
  if (reversed === repeated.length) return `Повторяются ${t.word}, и все перевёрнуты: расклад подчёркивает ${t.rev}.`;
  return `Повторяются ${t.word}, но лежат по-разному: расклад говорит и про ${t.up}, и про ${t.rev}.`;
}

function reversalsLine(ctx: Ctx, cards: ReadCard[]): string | null {
  const n = cards.length;
  const reversed = cards.filter((c) => c.orientation === 'reversed');
  if (n < 3) return null;
  if (reversed.length * 2 > n)
    return ctx.pick.pick('syn:reversed', reversed.some((c) => c.valence > 0) ? MANY_REVERSED_GOOD : MANY_REVERSED_HARD);
  // A user who deals without reversed cards hears nothing about orientation.
  if (reversed.length === 0) return ctx.input.reversals === false ? null : ctx.pick.pick('syn:upright', ALL_UPRIGHT);
  return null;
}

/** From the first card to the last: each named by a word of its own tone, the direction by their valence. */
function arcLine(ctx: Ctx, cards: ReadCard[]): string {
  const [first, last] = [cards[0], cards[cards.length - 1]];
  // A step of one (a favourable card to a neutral one) is no story: only a clear change in valence is told.
  const diff = last.valence - first.valence;
  const move = diff >= 2 ? 'up' : diff <= -2 ? 'down' : 'even';
  return ctx.pick.pick(`syn:arc:${move}`, ARC[move])(oneWord(first, 1, ctx.area), oneWord(last, 2, ctx.area));
}

/** The most telling pair of neighbours by element: opposed first, then the same element, then friends. */
function dignityLine(ctx: Ctx, cards: ReadCard[]): string | null {
  const found: Partial<Record<'same' | 'friendly' | 'opposed', [ReadCard, ReadCard]>> = {};
  for (let i = 0; i + 1 < cards.length; i++) {
    const d = dignityOf(elementOf(cards[i].card), elementOf(cards[i + 1].card));
    if (d !== 'neutral') found[d] ??= [cards[i], cards[i + 1]];
  }
  const kind = (['opposed', 'same', 'friendly'] as const).find((k) => found[k]);
  if (!kind) return null;
  const [a, b] = found[kind]!;
  const [ea, eb] = [ELEMENT_NAME[elementOf(a.card)], ELEMENT_NAME[elementOf(b.card)]];
  return ctx.pick.pick(`syn:dignity:${kind}`, DIGNITY[kind])(a, b, kind === 'same' ? ea[1] : ea[0], eb[0], eb[1]);
}

export function wholeSpread(ctx: Ctx): string {
  const cards = ctx.cards;
  if (cards.length < 2) return '';
  const out: string[] = [];
  const push = (s: string | null) => s && out.push(s);
  push(majorsLine(ctx, cards));
  push(suitLine(ctx, cards));
  const courts = cards.filter((c) => isCourt(c.card));
  if (courts.length && (ctx.premium || out.length < 2)) out.push(ctx.pick.pick('syn:court', COURT)(courts[0], personOf(courts[0].card)));
  push(numberLine(cards));
  push(reversalsLine(ctx, cards));
  if (ctx.premium || out.length < 2) out.push(arcLine(ctx, cards));
  // An observation about another part of life (a suit's money in a love question, a pair's romance in a
  // family one) is left out.
  const off = offTopic(ctx.area);
  const fits = (s: string) => !off?.test(s);
  const kept = out.filter(fits);
  // Basic: two observations, one for a spread of three cards or fewer (the reading stays short).
  if (!ctx.premium) return kept.slice(0, cards.length <= 3 ? 1 : 2).join(' ');
  // Premium stays within 1.6 times basic: a short spread gets fewer observations.
  const short = cards.length <= 3;
  const dignity = short ? null : dignityLine(ctx, cards);
  return [...kept.slice(0, short ? 2 : 5), ...notablePairs(cards, short ? 1 : 2), ...(dignity ? [dignity] : [])].filter(fits).join(' ');
}
