// Аглая, the mystic voice: she reads what is drawn on the cards (voice-images.ts), their elements and the
// stars of the major arcana, which element rules the spread and how the two strongest cards' elements meet.
// The answer is the plan's, said in images but plainly enough to be understood.
import { cardLore } from '../tarot/card-library';
import type { ReadCard } from './context';
import { dignityOf, type Element } from './facts';
import type { Kw } from './lexicon';
import type { Professional } from './question-words';
import { elementKey, elementName, names, nom, pos, rest, Sub, sub, type Kit, type Stance } from './voice-kit';
import { capitalize } from './picker';
import { imageOf } from './voice-images';
import { cardsWord } from '../text/plural';

type Line = (c: ReadCard, image: string, k: Kw) => string;

/** What each element stands for, in the nominative. */
const ELEMENT_THEME: Record<Element, string> = {
  fire: 'воля, порыв и желание',
  water: 'чувства, сны и интуиция',
  air: 'мысль, слово и решение',
  earth: 'тело, дом и плоды труда',
};

const KEY_IMAGE: readonly Line[] = [
  (c, i, k) => `Прежде слов я смотрю на образ: в позиции ${pos(c)} ${sub(c)} — ${i}. Этот знак говорит: ${k.nom}.`,
  (c, i, k) => `Над вашим вопросом встаёт карта ${nom(c)}, и на ней — ${i}. Вот её весть: ${k.nom}.`,
  (c, i, k) => `Ключ к раскладу — образ карты ${nom(c)}: ${i}. В нём скрыты ${k.nom}.`,
  (c, i, k) => `Я закрываю глаза и вижу карту ${nom(c)} на месте ${pos(c)}: ${i}. Это знак, и знак этот — ${k.nom}.`,
];

const VERDICT: Record<'yes' | 'no', readonly ((firm: boolean, e: string) => string)[]> = {
  yes: [
    (f, e) => `Знаки сходятся в ответе ${f ? '«да»' : '«скорее да»'}: ${e} на вашей стороне.`,
    (f, e) => `Круг замыкается на ${f ? '«да»' : '«скорее да»'}, и стихия ${e} держит этот ответ.`,
    (f, e) => `Ответ, что проступает сквозь образы, — ${f ? '«да»' : '«скорее да»'}; его несёт стихия ${e}.`,
  ],
  no: [
    (f, e) => `Знаки сходятся в ответе ${f ? '«нет»' : '«скорее нет»'}: стихия ${e} закрывает эту дверь.`,
    (f, e) => `Круг замыкается на ${f ? '«нет»' : '«скорее нет»'}, и стихия ${e} держит этот ответ.`,
    (f, e) => `Ответ, что проступает сквозь образы, — ${f ? '«нет»' : '«скорее нет»'}; так велит стихия ${e}.`,
  ],
};

function answer(kit: Kit, s: Stance): string {
  const { pick } = kit;
  switch (s.kind) {
    case 'verdict':
      return pick('verdict', VERDICT[s.yes ? 'yes' : 'no'])(s.firm, elementName(s.behind ?? kit.plan.key)[1]);
    case 'even':
      return pick('even', [
        () =>
          `Чаши весов застыли: ни «да», ни «нет»${s.toYes && s.toNo ? `, ведь ${nom(s.toYes)} и ${nom(s.toNo)} тянут в разные стороны` : ''}.`,
        () => `Знаки не говорят ни «да», ни «нет»: узор ещё ткётся, и последняя нить в ваших руках.`,
      ])();
    case 'choice':
      return pick('choice', [
        () => `Две тропы расходятся, и свет падает на «${s.win}»; тропа «${s.lose}» уходит в тень.`,
        () => `Образы указывают на «${s.win}», а тропа к «${s.lose}» зарастает травой.`,
      ])();
    case 'timing':
      return s.when
        ? pick('timing', [
            () => `Время в картах течёт своим руслом, и ориентир его — ${s.when}.`,
            () => `Колесо времени повернётся к вам, и срок его — ${s.when}.`,
          ])()
        : pick('timing', [
            () => `Старшие арканы не знают календаря: срок придёт вместе с поворотом судьбы, а не с числом.`,
            () => `Время здесь меряют не дни, а перемены: сначала повернётся колесо, потом придёт срок.`,
          ])();
    case 'care':
      return pick('care', [
        (p: Professional) =>
          `Есть двери, которые карты не открывают: исход знает ${p.nom}, и к нему стоит прийти, а образы светят иначе — как свеча в пути.`,
        (p: Professional) =>
          `Исход такого дела карты не читают — это знание у того, кто в нём сведущ: ${p.nom}; символы же говорят о силе духа.`,
        (p: Professional) => `Что будет, знает не колода, а ${p.nom}; мой же круг — образы, что дают силы идти.`,
      ])(s.pro);
    case 'open':
      // The key card was just shown: it is not introduced a second time.
      if (s.card === kit.plan.key)
        return pick('open-key', [
          (k: Kw) => `Этот же знак и отвечает на ваш вопрос: ${k.nom}.`,
          (k: Kw) => `В нём же и ответ, которого вы ищете: ${k.nom}.`,
        ])(kit.words(s.card));
      return pick('open', [
        (k: Kw) => `Ответ прячется в карте ${nom(s.card)} на месте ${pos(s.card)}: ${k.nom}.`,
        (k: Kw) => `Ваш вопрос находит отклик в знаке ${gen(s.card)}: ${k.nom}.`,
      ])(kit.words(s.card));
  }
}
/** The picture as it fell: a reversed card's picture is seen upside down. */
const imageIn = (c: ReadCard) => (c.orientation === 'reversed' ? `${imageOf(c.card)} — и всё это вверх ногами` : imageOf(c.card));
const gen = (c: ReadCard) => `карты ${nom(c)}`;
const acc2 = (c: ReadCard) => `карту ${nom(c)}`;

const CARD_IMAGE: readonly Line[] = [
  (c, i, k) => `${Sub(c)} в позиции ${pos(c)} показывает: ${i}. Смысл этого знака — ${k.nom}.`,
  (c, i, k) => `На месте ${pos(c)} — ${nom(c)}: ${i}. Так проявляются ${k.nom}.`,
  (c, i, k) => `Дальше ${nom(c)}; на карте — ${i}, и за этим образом стоят ${k.nom}.`,
  (c, i, k) => `В карте ${nom(c)} (${pos(c)}) читается образ — ${i}; он говорит о главном: ${k.nom}.`,
];
const STARS: readonly ((c: ReadCard, star: string) => string)[] = [
  (c, s) => `Небо тоже отзывается: соответствие ${gen(c)} — ${s}.`,
  (c, s) => `Небо над картой ${nom(c)} отмечено знаком: ${s}.`,
  (c, s) => `У карты ${nom(c)} есть небесный покровитель: ${s}.`,
];

const RULING: readonly ((e: readonly [string, string], theme: string, many: number) => string)[] = [
  (e, t, n) => `В раскладе правит стихия ${e[1]}, под её знаком ${countWord(n)} ${cardsWord(n)}: ${t}.`,
  (e, t) => `Сильнее всего здесь звучит ${e[0]}, а это ${t}.`,
  (e, t) => `Стихия ${e[1]} окрашивает весь узор; её дары — ${t}.`,
  (e, t, n) => `${capitalize(countWord(n))} ${cardsWord(n)} из этого круга принадлежат стихии ${e[1]}, и потому в нём так сильны ${t}.`,
  (e, t) => `Узор сплетён из стихии ${e[1]}: ${t} — вот его нить.`,
];

const MEETING: Record<ReturnType<typeof dignityOf>, readonly ((a: ReadCard, b: ReadCard, ea: string, eb: string) => string)[]> = {
  same: [
    (a, b, ea) =>
      `${Sub(a)} и ${nom(b)} рождены одной стихией — это ${ea}, — и спорят они на одном языке: исход решит, чья сила окажется глубже.`,
    (a, b, ea) => `Свет и тень здесь из одного источника: ${nom(a)} и ${nom(b)} — обе карты стихии «${ea}».`,
    (a, b, ea) => `Одна стихия, ${ea}, питает и ${acc2(a)}, и ${acc2(b)}: то, что помогает, и то, что мешает, — одной природы.`,
  ],
  friendly: [
    (a, b, ea, eb) => `${Sub(a)} и ${nom(b)} — ${ea} и ${eb}, стихии-союзницы: даже спор между ними может обернуться помощью.`,
    (a, b, ea, eb) => `Между картами ${nom(a)} и ${nom(b)} нет вражды: ${ea} и ${eb} питают друг друга.`,
    (a, b, ea, eb) => `${ea} карты ${nom(a)} и ${eb} карты ${nom(b)} дружны, и трудное здесь легче переплавить в опору.`,
  ],
  opposed: [
    (a, b, ea, eb) => `${Sub(a)} и ${nom(b)} — ${ea} и ${eb}, стихии-противницы: их борьба и есть узел вашего вопроса.`,
    (a, b, ea, eb) => `Узел вопроса — в споре стихий: у карты ${nom(a)} ${ea}, у карты ${nom(b)} ${eb}, и они гасят друг друга.`,
    (a, b, ea, eb) => `${ea} и ${eb} не уживаются: так ${nom(a)} и ${nom(b)} тянут вас в разные стороны.`,
  ],
  neutral: [
    (a, b, ea, eb) => `${Sub(a)} и ${nom(b)} — ${ea} и ${eb}: стихии не враждуют и не помогают, каждая ведёт свою линию.`,
    (a, b, ea, eb) => `У карты ${nom(a)} ${ea}, у карты ${nom(b)} ${eb}; они идут рядом, не споря и не сливаясь.`,
    (a, b, ea, eb) => `${ea} и ${eb} здесь соседи, а не враги: ${nom(a)} и ${nom(b)} говорят каждая о своём.`,
  ],
};

const RITUAL: Record<'act' | 'wait', readonly ((place: string, e: string, k: Kw) => string)[]> = {
  act: [
    (p, e, k) => `Совет: пусть стихия ${e} ведёт вас ${p}; сделайте первый шаг в день, когда почувствуете подъём, и призовите ${k.acc}.`,
    (p, e, k) => `Действуйте ${p}, пока стихия ${e} в силе: знаки благоволят движению, и с вами ${k.nom}.`,
  ],
  wait: [
    (p, e, k) => `Совет: не торопите всходы ${p} — семени под снегом нужно время; стихия ${e} просит тишины, а ${k.nom} растут в ней.`,
    (p, e, k) =>
      `Прислушайтесь к снам и совпадениям: ${p} они подскажут больше, чем спешка; решение отложите до ясного знака, а стихия ${e} пока хранит ${k.acc}.`,
  ],
};
const FAREWELL: readonly ((c: ReadCard, i: string) => string)[] = [
  (c, i) => `Унесите с собой образ ${gen(c)}: ${i}.`,
  (c, i) => `Пусть в памяти останется ${sub(c)} — ${i}.`,
  (c, i) => `Когда станет смутно, вспомните знак ${gen(c)}: ${i}.`,
];

/** «две», «три»…: how many cards an element rules, in words (a reader does not say «2 карты»). */
const COUNT_WORDS = ['ноль', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять', 'десять'];
const countWord = (n: number) => COUNT_WORDS[n] ?? String(n);

/** The element most of the cards share, with their number (none when no element has more than one card). */
function rulingElement(cards: readonly ReadCard[]): { el: Element; n: number } | null {
  const counts = new Map<Element, number>();
  for (const c of cards) counts.set(elementKey(c), (counts.get(elementKey(c)) ?? 0) + 1);
  const [top, second] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!top || top[1] < 2 || (second && second[1] === top[1])) return null;
  return { el: top[0], n: top[1] };
}

export function mysticOpinion(kit: Kit): { cards: string[]; advice: string[] } {
  const { plan, pick, words, stance, ctx } = kit;
  const said = new Set<ReadCard>([plan.key]);
  if (stance.kind === 'open') said.add(stance.card);
  const key = plan.key;
  const care = stance.kind === 'care';
  const first = [pick('key', KEY_IMAGE)(key, imageIn(key), words(key)), answer(kit, stance)];
  const body: string[] = [];
  // The images of the strongest cards (on a sensitive theme only the supporting ones), at most three.
  const order = care ? plan.support : [...new Set([...plan.support.slice(0, 1), ...plan.opposition.slice(0, 1), ...ctx.cards])];
  const chosen = rest(order, said).slice(0, 3);
  for (const c of chosen) {
    said.add(c);
    body.push(pick('card', CARD_IMAGE)(c, imageIn(c), words(c)));
  }
  const star = [key, ...chosen].find((c) => cardLore(c.card).correspondence);
  const sky = star && cardLore(star.card).correspondence!;
  // The Sun's star is the Sun: said once, not as «покровитель: Солнце» of the card «Солнце».
  if (star && sky === star.card.name) body.push(`${Sub(star)} — само светило, и небо здесь отзывается в полный голос.`);
  else if (star) body.push(pick('stars', STARS)(star, sky!));
  const others = rest(ctx.cards, said);
  if (others.length && care)
    body.push(
      pick('care-others', [
        (n: string, one: boolean) =>
          one ? `Ещё один знак, ${n}, говорит о пути души, а не об исходе.` : `Остальные знаки, ${n}, говорят о пути души, а не об исходе.`,
        (n: string, one: boolean) =>
          `В глубине расклада ${one ? 'лежит' : 'лежат'} ${n} — ${one ? 'тень' : 'тени'} настроения, не ${one ? 'знак' : 'знаки'} судьбы.`,
        (n: string, one: boolean) =>
          one
            ? `А знак ${n} лишь окрашивает узор вашего состояния и ничего не предрекает.`
            : `А ${n} лишь окрашивают узор вашего состояния и ничего не предрекают.`,
      ])(names(others), others.length === 1),
    );
  else if (others.length) {
    const k = words(others.find((c) => c.valence > 0) ?? others[0]);
    body.push(
      `Тише ${others.length > 1 ? 'звучат знаки' : 'звучит знак'} ${names(others)}, и ${others.length > 1 ? 'их' : 'его'} шёпот — ${k.nom}.`,
    );
  }
  const ruling = rulingElement(ctx.cards);
  if (ruling)
    body.push(pick('ruling', RULING)(elementName(ctx.cards.find((c) => elementKey(c) === ruling.el)!), ELEMENT_THEME[ruling.el], ruling.n));
  if (plan.tension && !care) {
    const { pro, contra } = plan.tension;
    const meet = dignityOf(elementKey(pro), elementKey(contra));
    body.push(pick(`meet:${meet}`, MEETING[meet])(pro, contra, elementName(pro)[0], elementName(contra)[0]));
  }
  const best = plan.support[0] ?? key;
  const guide = elementName(best)[1];
  const step = care
    ? pick('care-step', [
        (p: Professional) =>
          `Совет: пусть первым шагом будет встреча с ${p.inst}; а свечу надежды держите сами — её зажигают ${words(best, 'good').nom}.`,
        (p: Professional) => `Совет: доверьте главное ${p.dat}, а себе оставьте тихие ритуалы заботы: сон, воду, свет.`,
      ])((stance as { pro: Professional }).pro)
    : pick(`ritual:${plan.haste}`, RITUAL[plan.haste])(kit.place, guide, words(best, best.tone === 'hard' ? 'any' : 'good'));
  return {
    cards: [first.join(' '), body.join(' ')].filter(Boolean),
    advice: [`${step} ${pick('farewell', FAREWELL)(best, imageOf(best.card))}`],
  };
}
