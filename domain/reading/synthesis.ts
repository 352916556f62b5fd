// The spread as a whole: fate against everyday (majors and minors), the dominant suit and its element, court
// cards as people, repeated numbers, the reversals and the story from the first card to the last — each claim
// only as far as the cards support it (a number's theme follows the orientation of its cards, the story's
// direction their valence). Premium adds the notable pairs and the elements of neighbouring cards.
import { bold, oneWord, subj, type Ctx, type ReadCard } from './context';
import { ELEMENT_NAME, NUMBER_THEME, type SUIT_INFO, suitInfoFor, dignityOf, elementOf, isCourt, personOf } from './facts';
import { notablePairs } from './pairs';
import { capitalize, joinRu } from './picker';
import { crossed } from './fuse';
import { wordsAreaOf } from './area-words';
import type { Suit } from '../types';
import { offTopic } from '../tarot/meanings/words';

type Minor = Exclude<Suit, 'major'>;

const NO_MAJORS: readonly string[] = crossed(
  [
    'Старших арканов в раскладе нет',
    'В раскладе одни младшие арканы',
    'Ни одного старшего аркана',
    'Судьбоносных карт в раскладе нет',
    'Старшие арканы в этот раз не вышли',
  ],
  [
    'всё решается в повседневных делах и ваших собственных шагах, а не волей судьбы',
    'ситуация житейская, и её исход в ваших руках',
    'судьба здесь не вмешивается, всё решают будничные шаги',
    'вопрос не роковой, его решают обычные дела и ваши решения',
    'многое можно поправить самому',
    'это дела земные, и управлять ими вам по силам',
  ],
);

const MANY_MAJORS_HEADS: readonly ((k: number, n: number) => string)[] = [
  (k, n) => `Старших арканов здесь ${k} из ${n}`,
  (k, n) => `Старшие арканы преобладают (${k} из ${n})`,
  (k, n) => `Больше половины карт (${k} из ${n}) — старшие арканы`,
  (k, n) => `Из ${n} карт старших арканов ${k}`,
];
const MANY_MAJORS_TAILS: readonly string[] = [
  'ситуация больше, чем кажется, и связана с важным поворотом жизни',
  'речь о судьбоносном этапе, а не о мелочи',
  'за вопросом стоит крупный жизненный сдвиг',
  'это события, которые меняют жизнь надолго',
  'происходящее важнее, чем кажется, и требует уважения',
];
const MANY_MAJORS: readonly ((k: number, n: number) => string)[] = MANY_MAJORS_HEADS.flatMap((h) =>
  MANY_MAJORS_TAILS.map((t) => (k: number, n: number) => `${h(k, n)}${h(k, n).includes(' — ') ? ':' : ' —'} ${t}.`),
);

/** `names` the majors' bold names; `one` a single major; `subject` them as the subject of a verb («карта **Влюблённые**»). */
const SOME_MAJORS_HEADS: readonly ((names: string, one: boolean, subject: string) => string)[] = [
  (names, one) =>
    `${one ? 'Единственный старший аркан' : 'Старшие арканы'} (${names}) ${one ? 'отмечает' : 'отмечают'} то, что от вас не зависит`,
  (_names, one, subject) => `Волю судьбы здесь ${one ? 'несёт' : 'несут'} ${subject}`,
  (names, one) =>
    `${capitalize(names)} — ${one ? 'старший аркан, он показывает' : 'старшие арканы, они показывают'}, где ситуация сильнее вас`,
  (names, one) => `Судьбоносное в раскладе ${one ? 'сосредоточено в одной карте' : 'сосредоточено в картах'} ${names}`,
  (_names, one, subject) => `Голос судьбы здесь — ${one ? subject : `старшие арканы: ${subject}`}`,
];
const SOME_MAJORS_TAILS: readonly string[] = [
  'остальное в ваших руках',
  'всё прочее решается вашими шагами',
  'в остальном выбор за вами',
  'прочие карты говорят о повседневном',
  'остальное зависит от ваших решений',
  'с прочим вы справитесь своими силами',
];
/** `names` the majors' bold names; `one` a single major; `subject` them as the subject of a verb («карта **Влюблённые**»). */
const SOME_MAJORS: readonly ((names: string, one: boolean, subject: string) => string)[] = SOME_MAJORS_HEADS.flatMap((h) =>
  SOME_MAJORS_TAILS.map((t) => (names: string, one: boolean, subject: string) => `${h(names, one, subject)}; ${t}.`),
);

const SUIT_LINES: readonly ((s: (typeof SUIT_INFO)[Minor]) => string)[] = [
  (s) => `Больше всего карт масти ${s.plural} — стихия ${s.element}: главное здесь ${s.sphere}.`,
  (s) => `Преобладает масть ${s.plural}, стихия ${s.element}, и это подсказывает, где решается вопрос: ${s.sphere}.`,
  (s) => `Масть ${s.plural} звучит громче других: в центре — ${s.sphere}.`,
  (s) => `Чаще других выпадает масть ${s.plural}; стихия ${s.element} переводит разговор на ${s.acc}.`,
  (s) => `Тон раскладу задаёт масть ${s.plural}: стихия ${s.element}, а значит, ${s.sphere}.`,
  (s) => `Карт масти ${s.plural} здесь больше всего, и стихия ${s.element} подсказывает, что вопрос решается там, где ${s.sphere}.`,
  (s) => `Перевес у масти ${s.plural}: стихия ${s.element} выводит на первый план ${s.acc}.`,
  (s) => `Масть ${s.plural} встречается чаще прочих — это стихия ${s.element}, и её сфера — ${s.sphere}.`,
];

const MANY_REVERSED_GOOD: readonly string[] = crossed(
  ['Перевёрнутых карт больше половины', 'Перевёрнутых карт много', 'Больше половины карт перевёрнуты', 'Расклад полон перевёрнутых карт'],
  [
    'многое идёт изнутри и с задержкой, но часть из них говорит как раз о выходе из трудного',
    'не все они тревожные, некоторые как раз о том, что тяжёлое отступает',
    'это замедляет события, хотя среди них есть и вести об облегчении',
    'процессы идут внутри, и часть из них — это выздоровление после трудного',
    'события идут медленнее, но среди перевёрнутых есть и добрые вести',
  ],
);
const MANY_REVERSED_HARD: readonly string[] = crossed(
  ['Перевёрнутых карт больше половины', 'Больше половины карт перевёрнуты', 'Перевёрнутые карты преобладают', 'Много перевёрнутых карт'],
  [
    'энергия сейчас направлена внутрь, и события идут медленнее, чем хочется',
    'время скорее заглянуть в себя, чем рваться вперёд',
    'что-то буксует, и торопить это бесполезно',
    'ситуация пока созревает изнутри, и внешних перемен придётся подождать',
    'многое происходит за кулисами и проявится позже',
  ],
);
const ALL_UPRIGHT: readonly string[] = crossed(
  ['Все карты легли прямо', 'Ни одной перевёрнутой карты', 'Перевёрнутых карт нет', 'Карты легли прямо, все до одной'],
  [
    'энергия расклада открыта, и его смысл читается без обиняков',
    'расклад говорит прямо и без скрытых подвохов',
    'события развиваются открыто, как есть',
    'ответ расклада ясный и прямой',
    'скрытых течений здесь нет, всё на виду',
  ],
);

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

type DignityHead = (a: ReadCard, b: ReadCard, e1: string, e2: string, g2: string) => string;
/** A head and a tail: after a head with a colon the tail follows a semicolon. */
const dignityOfHalves = (heads: readonly DignityHead[], tails: readonly string[]): DignityHead[] =>
  heads.flatMap((h) =>
    tails.map((t) => (a: ReadCard, b: ReadCard, e1: string, e2: string, g2: string) => {
      const head = h(a, b, e1, e2, g2);
      return `${head}${head.includes(':') ? ';' : ':'} ${t}.`;
    }),
  );

/** `e1`, `e2`: the two elements in the nominative (for «same», `e1` in the genitive); `g2` the second in the genitive (after «против»). */
const DIGNITY: Record<'same' | 'friendly' | 'opposed', readonly DignityHead[]> = {
  same: dignityOfHalves(
    [
      (a, b, e) => `Соседние ${bold(a)} и ${bold(b)} — обе карты стихии ${e}`,
      (a, b, e) => `${capitalize(bold(a))} и ${bold(b)} лежат рядом и принадлежат одной стихии, стихии ${e}`,
      (a, b, e) => `Стихия ${e} у соседних карт ${bold(a)} и ${bold(b)} общая`,
      (a, b, e) => `Карты ${bold(a)} и ${bold(b)} по соседству говорят языком одной стихии, стихии ${e}`,
    ],
    [
      'они усиливают друг друга, и эта тема звучит вдвойне',
      'их голоса сливаются в один, более громкий',
      'это удваивает их силу',
      'их общая тема становится в раскладе главной',
    ],
  ),
  friendly: dignityOfHalves(
    [
      (a, b, e1, e2) => `${capitalize(bold(a))} и ${bold(b)}, стихии ${e1} и ${e2}, союзники`,
      (a, b, e1, e2) => `Рядом лежат ${bold(a)} и ${bold(b)}, и стихии ${e1} и ${e2} дружны`,
      (a, b, e1, e2) => `Между картами ${bold(a)} и ${bold(b)} согласие стихий, ${e1} и ${e2}`,
      (a, b, e1, e2) => `У соседних карт ${bold(a)} и ${bold(b)} стихии ладят: ${e1} и ${e2}`,
    ],
    [
      'соседние карты поддерживают друг друга',
      'одна карта помогает другой раскрыться',
      'стихии питают друг друга',
      'их темы звучат слаженно',
    ],
  ),
  opposed: dignityOfHalves(
    [
      (a, b, e1, e2) => `${capitalize(bold(a))} и ${bold(b)} лежат рядом, но их стихии, ${e1} и ${e2}, спорят`,
      (a, b, e1, e2) => `Соседство карт ${bold(a)} и ${bold(b)} напряжённое: стихии ${e1} и ${e2} гасят друг друга`,
      (a, b, e1, _e2, g2) => `Между картами ${bold(a)} и ${bold(b)} спор стихий, ${e1} против ${g2}`,
      (a, b, e1, e2) => `У соседних карт ${bold(a)} и ${bold(b)} стихии не ладят: ${e1} и ${e2}`,
    ],
    [
      'карты ослабляют друг друга, и здесь возможен внутренний конфликт',
      'то, что даёт одна карта, другая забирает',
      'обе темы звучат тише',
      'здесь легко тянуть в разные стороны',
      'этим двум темам трудно ужиться',
    ],
  ),
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
  return ctx.pick.pick('syn:suit', SUIT_LINES)(suitInfoFor(top[0][0], ctx.q.area === 'study' ? 'study' : ctx.area));
}

/** A repeated number, read by the orientation of its cards: how the repetition is named, then what it stresses. */
const NUMBER_HEADS: readonly ((word: string) => string)[] = [
  (w) => `Повторяются ${w}`,
  (w) => `В раскладе не раз встречаются ${w}`,
  (w) => `Дважды и больше выпадают ${w}`,
];
function numberLine(ctx: Ctx, cards: ReadCard[]): string | null {
  const byRank = new Map<number, ReadCard[]>();
  for (const c of cards) if (c.card.suit !== 'major' && c.card.rank <= 10) byRank.set(c.card.rank, [...(byRank.get(c.card.rank) ?? []), c]);
  const repeated = [...byRank.values()].filter((g) => g.length >= 2).sort((a, b) => b.length - a.length)[0];
  if (!repeated) return null;
  const t = NUMBER_THEME[repeated[0].card.rank];
  const reversed = repeated.filter((c) => c.orientation === 'reversed').length;
  const head = ctx.pick.pick('syn:number', NUMBER_HEADS)(t.word);
  if (reversed === 0) return `${head}: расклад подчёркивает ${t.up}.`;
  if (reversed === repeated.length) return `${head}, и все перевёрнуты: расклад подчёркивает ${t.rev}.`;
  return `${head}, но лежат по-разному: расклад говорит и про ${t.up}, и про ${t.rev}.`;
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
  return ctx.pick.pick(`syn:arc:${move}`, ARC[move])(
    oneWord(first, 1, wordsAreaOf(ctx.q, ctx.area)),
    oneWord(last, 2, wordsAreaOf(ctx.q, ctx.area)),
  );
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
  // In the reading for two every card is one of the two or their bond: a court card is not read as a third person.
  if (courts.length && ctx.input.spreadType !== 'pair_reading' && (ctx.premium || out.length < 2))
    out.push(ctx.pick.pick('syn:court', COURT)(courts[0], personOf(courts[0].card)));
  push(numberLine(ctx, cards));
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
