// Глеб, the straight voice: the hardest card first, then the answer in one plain sentence, the few cards that
// decide, the others in one line, and what to do and not to do this week. Short sentences, no mystique.
import type { ReadCard } from './context';
import type { Kw } from './lexicon';
import type { Professional } from './question-words';
import { acc, names, nom, pos, rest, Sub, sub, type Kit, type Stance } from './voice-kit';

type Line = (c: ReadCard, k: Kw) => string;

const HARDEST_FIRST: readonly Line[] = [
  (c, k) => `Начну с неприятного: ${nom(c)} в позиции ${pos(c)} — это ${k.nom}.`,
  (c, k) => `Сначала о самом тяжёлом: ${sub(c)} на месте ${pos(c)}, и эта карта прямо говорит — ${k.nom}.`,
  (c, k) => `Главная проблема расклада — ${nom(c)}, позиция ${pos(c)}: ${k.nom}.`,
  (c, k) => `Самая трудная карта здесь ${nom(c)} (${pos(c)}), и с неё честнее начать: ${k.nom}.`,
  (c, k) => `Слабое место видно сразу: ${nom(c)} в позиции ${pos(c)}, то есть ${k.nom}.`,
];
const NO_HARD_FIRST: readonly Line[] = [
  (c, k) => `Тяжёлых карт в раскладе нет, поэтому начну с самой весомой: ${nom(c)} в позиции ${pos(c)} — ${k.nom}.`,
  (c, k) => `Плохих новостей здесь нет. Главная карта — ${nom(c)} на месте ${pos(c)}: ${k.nom}.`,
  (c, k) => `Карт против вас нет, так что сразу к сути: ${nom(c)}, позиция ${pos(c)}, — ${k.nom}.`,
];

const VERDICT: Record<'yes' | 'no', readonly ((c: ReadCard | null, firm: boolean) => string)[]> = {
  yes: [
    (c, f) => `Ответ — ${f ? '«да»' : '«скорее да»'}${c ? `, и решает его ${nom(c)}` : ''}.`,
    (c, f) => `Коротко: ${f ? '«да»' : '«скорее да»'}${c ? `; основной довод — ${nom(c)}` : ''}.`,
    (c, f) => `Итог по вопросу: ${f ? '«да», без оговорок' : '«скорее да», с оговорками'}${c ? `; перевешивает ${sub(c)}` : ''}.`,
    (c, f) => `Если одним словом — ${f ? '«да»' : '«скорее да»'}${c ? `, и держится это на карте ${nom(c)}` : ''}.`,
    (c, f) => `Мой вывод — ${f ? '«да»' : '«скорее да»'}${c ? `: это подтверждает ${sub(c)}` : ''}.`,
    (c, f) => `Скажу прямо: ${f ? '«да»' : '«скорее да»'}${c ? `, за это — ${nom(c)}` : ''}.`,
  ],
  no: [
    (c, f) => `Ответ — ${f ? '«нет»' : '«скорее нет»'}${c ? `, и решает его ${nom(c)}` : ''}.`,
    (c, f) => `Коротко: ${f ? '«нет»' : '«скорее нет»'}${c ? `; основной довод — ${nom(c)}` : ''}.`,
    (c, f) =>
      `Итог по вопросу: ${f ? '«нет», и довольно твёрдое' : '«скорее нет», хотя не наглухо'}${c ? `; перевешивает ${sub(c)}` : ''}.`,
    (c, f) => `Если одним словом — ${f ? '«нет»' : '«скорее нет»'}${c ? `, и держится это на карте ${nom(c)}` : ''}.`,
    (c, f) => `Мой вывод — ${f ? '«нет»' : '«скорее нет»'}${c ? `: это подтверждает ${sub(c)}` : ''}.`,
    (c, f) => `Скажу прямо: ${f ? '«нет»' : '«скорее нет»'}${c ? `, против — ${nom(c)}` : ''}.`,
  ],
};

/** The answer in one or two plain sentences, from the plan. */
function answer(kit: Kit, s: Stance): string {
  const { pick } = kit;
  switch (s.kind) {
    case 'verdict':
      return pick('verdict', VERDICT[s.yes ? 'yes' : 'no'])(s.behind, s.firm);
    case 'even':
      return pick('even', [
        () =>
          `Однозначного ответа расклад не даёт: ни «да», ни «нет»${s.toYes ? `; к «да» тянет ${sub(s.toYes)}` : ''}${s.toNo ? `, к «нет» — ${nom(s.toNo)}` : ''}.`,
        () =>
          `Весы ровные, ни «да», ни «нет»${s.toYes && s.toNo ? `: ${nom(s.toYes)} против ${gen2(s.toNo)}` : ''}. Решит то, что вы сделаете.`,
      ])();
    case 'choice':
      return pick('choice', [
        () => `Мой выбор — «${s.win}», а не «${s.lose}».`,
        () => `Из двух вариантов карты за «${s.win}»; «${s.lose}» проигрывает.`,
        () => `Если выбирать, то «${s.win}», а вариант «${s.lose}» слабее.`,
      ])();
    case 'timing':
      return s.when
        ? pick('timing', [
            () => `По сроку: ориентир — ${s.when}.`,
            () => `Срок, если коротко: ${s.when}.`,
            () => `Сроки такие — ${s.when}.`,
          ])()
        : pick('timing', [
            () => `Даты здесь нет: старшие арканы считают время этапами, и срок наступит после поворотного события.`,
            () => `Календарного срока не будет: сначала должно случиться важное событие, потом остальное.`,
          ])();
    case 'care':
      return pick('care', [
        () => `Прогноза в таком вопросе не будет: это решает ${s.pro.nom}, а не карты.`,
        () => `Исход здесь не предсказываю — с этим к ${s.pro.dat}, а карты скажут только, на что опереться.`,
        () => `Прямо: такие вопросы решает ${s.pro.nom}, от карт — только опора и настрой.`,
      ])();
    case 'open':
      return pick('open', [
        (c: ReadCard, k: Kw) => `Ответ на ваш вопрос даёт ${sub(c)}: ${k.nom}.`,
        (c: ReadCard, k: Kw) => `По сути вопроса главное — ${nom(c)} в позиции ${pos(c)}: ${k.nom}.`,
        (c: ReadCard, k: Kw) => `На вопрос отвечает ${sub(c)}, и ответ простой — ${k.nom}.`,
      ])(s.card, kit.words(s.card));
  }
}

const gen2 = (c: ReadCard) => `карты ${nom(c)}`;

const AGAINST: readonly Line[] = [
  (c, k) => `Ещё один минус — ${nom(c)}: ${k.nom}.`,
  (c, k) => `Против вас и ${sub(c)} в позиции ${pos(c)}: ${k.nom}.`,
  (c, k) => `Учтите и ${acc(c)}: ${k.nom}.`,
];
const FOR: readonly Line[] = [
  (c, k) => `Плюс — ${nom(c)} в позиции ${pos(c)}: ${k.nom}, и на это можно опереться.`,
  (c, k) => `За вас играет ${sub(c)}: ${k.nom}.`,
  (c, k) => `Ваш ресурс — ${nom(c)}: ${k.nom}, и это стоит пустить в ход.`,
  (c, k) => `В активе ${sub(c)} на месте ${pos(c)}: ${k.nom}.`,
];
const NEUTRAL: readonly Line[] = [
  (c, k) => `${Sub(c)} в позиции ${pos(c)} — нейтральный фактор: ${k.nom}.`,
  (c, k) => `${Sub(c)} ничего не решает, но показывает контекст: ${k.nom}.`,
];

/** The deciding cards: the rest of those against, the strongest for, the key card; the others in one line. */
function deciding(kit: Kit, said: Set<ReadCard>): string[] {
  const { plan, pick, words } = kit;
  const out: string[] = [];
  const against = rest(plan.opposition, said).slice(0, 1);
  const pro = rest(plan.support, said).slice(0, 2);
  for (const c of against) out.push(pick('against', AGAINST)(c, words(c, 'bad')));
  for (const c of pro) out.push(pick('for', FOR)(c, words(c, 'good')));
  for (const c of [...against, ...pro]) said.add(c);
  if (!said.has(plan.key)) {
    said.add(plan.key);
    out.push(pick('neutral', NEUTRAL)(plan.key, words(plan.key)));
  }
  const others = rest(kit.ctx.cards, said);
  if (others.length)
    out.push(
      pick('others', [
        (n: string, many: boolean) =>
          `${many ? 'Остальные карты' : 'Оставшаяся карта'} (${n}) ${many ? 'дополняют картину, но решения не меняют' : 'дополняет картину, но решения не меняет'}.`,
        (n: string, many: boolean) =>
          `${n} — ${many ? 'второстепенные карты' : 'второстепенная карта'}, на вывод ${many ? 'они не влияют' : 'она не влияет'}.`,
        (n: string, many: boolean) => `Что до ${many ? 'карт' : 'карты'} ${n}, ${many ? 'это детали' : 'это деталь'}, а не решающий голос.`,
        (n: string, many: boolean) =>
          `${n} ${many ? 'стоит держать в уме, но строить на них план' : 'стоит держать в уме, но строить на ней план'} не нужно.`,
        (n: string, many: boolean) => `На ${many ? 'картах' : 'карте'} ${n} не останавливаюсь: ${many ? 'они фон' : 'она фон'}, не довод.`,
        (n: string, many: boolean) =>
          `Дальше по списку ${n}; для ответа ${many ? 'они почти ничего не добавляют' : 'она почти ничего не добавляет'}.`,
      ])(names(others), others.length > 1),
    );
  return out;
}

const DO: Record<'act' | 'wait', readonly ((place: string, k: Kw) => string)[]> = {
  act: [
    (p, k) => `Что делать: один конкретный шаг ${p} до конца недели, опираясь на ${k.acc}.`,
    (p, k) => `План простой: действовать ${p} сейчас, пока работают ${k.nom}.`,
    (p, k) => `Дальше — действие: решите, что сделать ${p}, назначьте себе срок и используйте ${k.acc}.`,
    (p, k) => `Практически: выберите одно дело ${p} и сделайте его в ближайшие дни; ваш козырь — ${k.nom}.`,
  ],
  wait: [
    (p, k) => `Что делать: сначала соберите факты ${p}, решение — потом; опора пока — ${k.nom}.`,
    (p, k) => `План такой: не рубить с плеча ${p}, а неделю понаблюдать; держитесь за ${k.acc}.`,
    (p, k) => `Практически: запишите, что известно точно ${p}, а что догадки; на это время опора — ${k.nom}.`,
    (p, k) => `Сейчас важнее подготовка, чем шаг: проверьте всё ${p}, а ${k.nom} сохраните как резерв.`,
  ],
};
const DONT: readonly Line[] = [
  (c, k) => `Чего не делать: не подкармливать то, о чём предупреждает ${sub(c)}, — ${k.acc}.`,
  (c, k) => `Главная ошибка сейчас — закрыть глаза на ${acc(c)}: ${k.nom}.`,
  (c, k) => `Чего избегать: ${k.nom}; это зона риска, на которую указывает ${sub(c)}.`,
];
const CHECK: readonly Line[] = [
  (c, k) =>
    `Через неделю сверьтесь с раскладом: ${k.nom} (о них говорит ${sub(c)}) — стало ли этого ${c.tone === 'hard' ? 'меньше' : 'больше'}?`,
  (c, k) => `Контрольная точка — через неделю: ${k.nom}${c.tone === 'hard' ? ' должны отступить' : ' должны стать заметнее'}.`,
  (c, k) => `Мерило результата простое — ${k.nom}: что с ними станет за неделю, то и будет ответом ${gen3(c)}.`,
];
const gen3 = (c: ReadCard) => `карты ${nom(c)}`;

const CARE_DO: readonly ((pro: Professional, k: Kw) => string)[] = [
  (pro, k) => `Что делать: записаться к ${pro.dat} и прийти с вопросами на бумаге; опора на это время — ${k.nom}.`,
  (pro, k) => `Практически: разговор с ${pro.inst} — первым делом, а ${k.nom} пусть помогают держаться.`,
  (pro, k) => `Порядок действий: сначала ${pro.nom} и его слово, потом всё остальное; силы на это дают ${k.nom}.`,
];
const CARE_END: readonly ((pro: Professional) => string)[] = [
  (pro) => `Решения о главном принимайте вместе с ${pro.inst}, не по картам.`,
  (pro) => `Всё, что касается исхода, обсуждайте с ${pro.inst}: это его территория.`,
];

export function straightOpinion(kit: Kit): { cards: string[]; advice: string[] } {
  const { plan, pick, words, stance } = kit;
  const said = new Set<ReadCard>();
  // A sensitive theme: no card is read as a warning; the answer (whom to see) comes first.
  if (stance.kind === 'care') return careOpinion(kit, stance.pro, said);
  const hardest = plan.opposition[0];
  const first = hardest ?? plan.key;
  said.add(first);
  if (stance.kind === 'open') said.add(stance.card);
  const opening = hardest
    ? pick('hardest', HARDEST_FIRST)(hardest, words(hardest, 'bad'))
    : pick('no-hard', NO_HARD_FIRST)(first, words(first));
  const cards = [`${opening} ${answer(kit, stance)}`, deciding(kit, said).join(' ')];
  const best = plan.support[0] ?? plan.key;
  const advice: string[] = [];
  advice.push(pick(`do:${plan.haste}`, DO[plan.haste])(kit.place, words(best, best.tone === 'hard' ? 'any' : 'good')));
  if (hardest) advice.push(pick('dont', DONT)(hardest, words(hardest, 'bad')));
  advice.push(pick('check', CHECK)(best, words(best)));
  return { cards, advice: [advice.join(' ')] };
}

function careOpinion(kit: Kit, pro: Professional, said: Set<ReadCard>): { cards: string[]; advice: string[] } {
  const { plan, pick, words } = kit;
  const best = plan.support[0];
  if (!best) {
    const lead = `${answer(kit, kit.stance)} Карты здесь строгие (${names(kit.ctx.cards)}), и это ещё одна причина опереться на людей, а не на расклад.`;
    return { cards: [lead], advice: [pick('care-end', CARE_END)(pro)] };
  }
  said.add(best);
  const lead = pick('care-lead', [
    (c: ReadCard, k: Kw) => `${answer(kit, kit.stance)} Из карт главная для вас — ${nom(c)}: ${k.nom}.`,
    (c: ReadCard, k: Kw) => `${answer(kit, kit.stance)} Опорная карта — ${nom(c)} в позиции ${pos(c)}: ${k.nom}.`,
  ])(best, words(best, 'good'));
  const others = rest(kit.ctx.cards, said);
  const cards = [lead];
  if (others.length)
    cards.push(
      pick('care-others', [
        (n: string, many: boolean) => `${many ? 'Остальные карты' : 'Ещё одна карта'} — ${n} — о настрое, а не об исходе.`,
        (n: string) => `${n}: это про ваше состояние, исход по ним не читается.`,
        (n: string, many: boolean) => `Про ${many ? 'карты' : 'карту'} ${n} коротко: ${many ? 'они' : 'она'} о настроении, не о прогнозе.`,
      ])(names(others), others.length > 1),
    );
  const advice = [pick('care-do', CARE_DO)(pro, words(best, 'good')), pick('care-end', CARE_END)(pro)];
  return { cards, advice: [advice.join(' ')] };
}
