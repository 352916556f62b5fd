// Spread catalogue: every tarot spread the app offers, in one table keyed by SpreadType: its name, icon,
// access, positions (id, label, role), question-screen copy, topic, the outline its interpretation is
// written in and how its share picture lies. Pure data, no I/O. What only the web app draws (the icon's
// glyph, the layout on the card table) is in webapp/src/layouts/spread-layouts.ts, also keyed by SpreadType.

import type { PositionId, PositionRole, SpreadDefinition, SpreadType } from '../types';
import { isSpreadType, SPREAD_TYPES } from '../types';

/** A position: what it asks (its id), its Russian label and how the interpreter reads its card. */
type Position = readonly [id: PositionId, name: string, role: PositionRole];

type SpreadInput = Omit<
  SpreadDefinition,
  'cards' | 'isFree' | 'vipOnly' | 'positions' | 'positionIds' | 'roles' | 'topic' | 'pictureLayout'
> & {
  positions: readonly Position[];
  /** Omitted: a general spread (no topic of its own). */
  topic?: SpreadDefinition['topic'];
  /** Omitted: the cards in rows. */
  pictureLayout?: SpreadDefinition['pictureLayout'];
};

function define(input: SpreadInput): SpreadDefinition {
  return {
    ...input,
    topic: input.topic ?? null,
    pictureLayout: input.pictureLayout ?? 'rows',
    positions: input.positions.map(([, name]) => name),
    positionIds: input.positions.map(([id]) => id),
    roles: input.positions.map(([, , role]) => role),
    cards: input.positions.length,
    isFree: input.access === 'free',
    vipOnly: input.access === 'vip',
  };
}

/** Russian month names, January first. */
export const MONTHS_RU = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
] as const;

/** The year forecast's month positions before the month it starts in is known. */
const YEAR_MONTH_SLOTS: readonly Position[] = Array.from({ length: 12 }, (_, i) => [
  `month_${i + 1}` as PositionId,
  `Месяц ${i + 1}`,
  'month',
]);

/** The twelve months from `firstMonth` (1..12) on: «Ноябрь», «Декабрь», «Январь», … */
export function monthsFrom(firstMonth: number): string[] {
  return Array.from({ length: 12 }, (_, i) => MONTHS_RU[(firstMonth - 1 + i) % 12]);
}

/**
 * The month (0 = January) a year-forecast position stands for, from its id (`month_N`, the N-th month from
 * `firstMonth`, 1..12); null for any other position or when the first month is not known.
 */
export function monthOfPosition(id: PositionId | undefined, firstMonth: number | null | undefined): number | null {
  const n = id?.startsWith('month_') ? Number(id.slice(6)) : NaN;
  if (!firstMonth || firstMonth < 1 || firstMonth > 12 || !(n >= 1 && n <= 12)) return null;
  return (firstMonth - 1 + n - 1) % 12;
}

/** Section outline for a spread type the catalogue does not know. */
export const DEFAULT_OUTLINE: string[] = ['Анализ карт', 'Ключевые темы', 'Совет карт', 'Общий вывод'];

const DEFINITIONS: Record<SpreadType, SpreadDefinition> = {
  free_daily: define({
    id: 'free_daily',
    name: 'Расклад дня',
    description: 'Три карты подскажут, какой будет энергия дня и на что обратить внимание.',
    icon: '☀️',
    positions: [
      ['day_energy', 'Энергия дня', 'present'],
      ['day_lesson', 'Главный урок', 'lesson'],
      ['day_advice', 'Совет', 'advice'],
    ],
    access: 'free',
    question: {
      title: 'Ваш вопрос на сегодня',
      description: 'Подумайте о предстоящем дне и спросите о том, что волнует вас именно сейчас.',
      placeholder: 'Например: на что мне обратить внимание сегодня?',
      examples: [
        'Что принесёт мне сегодняшний день?',
        'На что мне стоит обратить внимание сегодня?',
        'Как провести этот день с пользой?',
        'Какой совет дают карты на сегодня?',
      ],
    },
    outline: ['Анализ карт', 'Энергия дня', 'Совет на день', 'Общий вывод'],
  }),
  past_present_future: define({
    id: 'past_present_future',
    name: 'Прошлое, настоящее, будущее',
    description: 'Классический расклад, который покажет, как прошлое влияет на настоящее и к чему ведёт.',
    icon: '⏳',
    positions: [
      ['past', 'Прошлое', 'past'],
      ['present', 'Настоящее', 'present'],
      ['future', 'Будущее', 'future'],
    ],
    access: 'paid',
    question: {
      title: 'Ваш вопрос о пути',
      description: 'Опишите ситуацию, развитие которой вы хотите увидеть во времени.',
      placeholder: 'Например: как будет развиваться моя ситуация с переездом?',
      examples: [
        'Как будет развиваться моя текущая ситуация?',
        'Что из прошлого до сих пор влияет на мою жизнь?',
        'К чему приведут мои нынешние решения?',
        'Чего мне ждать в ближайшие месяцы?',
      ],
    },
    outline: ['Прошлое, настоящее и будущее', 'Влияние прошлого', 'Возможности будущего', 'Общий вывод'],
  }),
  love_relationship: define({
    id: 'love_relationship',
    name: 'Любовь и отношения',
    description: 'Расклад раскроет чувства обоих партнёров и перспективы ваших отношений.',
    icon: '❤️',
    positions: [
      ['self', 'Вы', 'self'],
      ['partner', 'Партнёр', 'partner'],
      ['relationship_outlook', 'Перспектива отношений', 'outcome'],
    ],
    access: 'paid',
    topic: 'love',
    question: {
      title: 'Ваш вопрос о любви',
      description: 'Спросите о конкретных отношениях или о том, что ждёт вас в любви.',
      placeholder: 'Например: что чувствует ко мне этот человек?',
      examples: [
        'Что чувствует ко мне мой партнёр?',
        'Есть ли будущее у наших отношений?',
        'Как улучшить отношения с любимым человеком?',
        'Когда я встречу свою любовь?',
      ],
    },
    outline: ['Анализ карт', 'Ваши чувства', 'Чувства партнёра', 'Перспективы отношений', 'Общий вывод'],
  }),
  career_finance: define({
    id: 'career_finance',
    name: 'Карьера и финансы',
    description: 'Четыре карты помогут разобраться в рабочих вопросах и денежных делах.',
    icon: '💼',
    positions: [
      ['current_position', 'Текущее положение', 'present'],
      ['obstacles', 'Препятствия', 'obstacle'],
      ['opportunities', 'Возможности', 'future'],
      ['financial_outcome', 'Финансовый итог', 'outcome'],
    ],
    access: 'paid',
    topic: 'work',
    question: {
      title: 'Ваш вопрос о работе и деньгах',
      description: 'Спросите о карьере, бизнесе, смене работы или о финансовом положении.',
      placeholder: 'Например: стоит ли мне менять работу?',
      examples: [
        'Стоит ли мне менять работу?',
        'Как улучшить моё финансовое положение?',
        'Ждёт ли меня повышение в ближайшее время?',
        'Будет ли успешным мой новый проект?',
      ],
    },
    outline: ['Анализ карт', 'Карьера', 'Финансы', 'Рекомендации', 'Общий вывод'],
  }),
  health_wellbeing: define({
    id: 'health_wellbeing',
    name: 'Здоровье и самочувствие',
    description: 'Расклад покажет состояние вашей энергии и подскажет, как восстановить силы.',
    icon: '🌿',
    positions: [
      ['body', 'Тело', 'body'],
      ['mind_emotions', 'Разум и эмоции', 'mind'],
      ['path_to_harmony', 'Путь к гармонии', 'advice'],
    ],
    access: 'paid',
    topic: 'health',
    question: {
      title: 'Ваш вопрос о самочувствии',
      description: 'Спросите о своих силах, эмоциональном состоянии или о том, как обрести равновесие.',
      placeholder: 'Например: как мне восстановить силы?',
      examples: [
        'Как мне восстановить силы и энергию?',
        'Что мешает мне чувствовать себя лучше?',
        'Как справиться со стрессом?',
        'Что поможет мне обрести внутреннее равновесие?',
      ],
    },
    outline: ['Анализ карт', 'Баланс энергии', 'Эмоциональное состояние', 'Рекомендации', 'Общий вывод'],
  }),
  celtic_cross: define({
    id: 'celtic_cross',
    name: 'Кельтский крест',
    description: 'Самый подробный расклад из десяти карт для глубокого анализа любой ситуации.',
    icon: '✝️',
    positions: [
      ['situation', 'Суть ситуации', 'present'],
      ['challenge', 'Препятствие', 'obstacle'],
      ['foundation', 'Основа', 'past'],
      ['recent_past', 'Недавнее прошлое', 'past'],
      ['possible_future', 'Возможное будущее', 'future'],
      ['near_future', 'Ближайшее будущее', 'future'],
      ['querent', 'Вы сами', 'self'],
      ['surroundings', 'Окружение', 'surroundings'],
      ['hopes_fears', 'Надежды и страхи', 'hopes'],
      ['outcome', 'Итог', 'outcome'],
    ],
    access: 'vip',
    pictureLayout: 'celtic-cross',
    question: {
      title: 'Ваш важный вопрос',
      description: 'Сформулируйте главный вопрос, в котором хотите разобраться глубоко и всесторонне.',
      placeholder: 'Например: чем закончится ситуация, которая меня тревожит?',
      examples: [
        'Чем закончится ситуация, которая меня тревожит?',
        'Что на самом деле происходит в моей жизни сейчас?',
        'Какое решение будет для меня верным?',
        'Что мешает мне достичь цели и как это преодолеть?',
      ],
    },
    outline: ['Анализ карт', 'Суть ситуации', 'Скрытые влияния', 'Развитие событий', 'Совет карт', 'Общий вывод'],
  }),
  spiritual_guidance: define({
    id: 'spiritual_guidance',
    name: 'Духовное руководство',
    description: 'Пять карт помогут услышать внутренний голос и понять свой духовный путь.',
    icon: '🔮',
    positions: [
      ['soul', 'Ваша душа', 'self'],
      ['spiritual_lesson', 'Духовный урок', 'lesson'],
      ['let_go', 'Что отпустить', 'release'],
      ['accept', 'Что принять', 'advice'],
      ['higher_message', 'Послание высших сил', 'outcome'],
    ],
    access: 'vip',
    topic: 'self',
    question: {
      title: 'Ваш духовный вопрос',
      description: 'Спросите о своём предназначении, внутреннем росте или поиске смысла.',
      placeholder: 'Например: в чём моё предназначение?',
      examples: [
        'В чём моё предназначение?',
        'Какой урок мне сейчас важно усвоить?',
        'Что мне нужно отпустить, чтобы двигаться дальше?',
        'Как услышать свой внутренний голос?',
      ],
    },
    outline: ['Анализ карт', 'Духовный урок', 'Путь роста', 'Послание карт', 'Общий вывод'],
  }),
  year_forecast: define({
    id: 'year_forecast',
    name: 'Прогноз на год',
    description: 'Тринадцать карт: главная тема года и по карте на каждый из двенадцати месяцев, начиная с текущего.',
    icon: '🗓️',
    positions: [['year_theme', 'Тема года', 'year'], ...YEAR_MONTH_SLOTS],
    access: 'vip',
    question: {
      title: 'Ваш вопрос о годе',
      description: 'Подумайте, каким вы хотите видеть этот год, и спросите о том, что для вас в нём главное.',
      placeholder: 'Например: что принесёт мне этот год?',
      examples: [
        'Что принесёт мне этот год?',
        'Каким будет для меня следующий год в любви?',
        'На что опереться в работе в ближайший год?',
        'Чему меня научит этот год?',
      ],
    },
    outline: ['Тема года', ...YEAR_MONTH_SLOTS.map(([, name]) => name), 'Общий вывод'],
  }),
  pair_reading: define({
    id: 'pair_reading',
    name: 'Расклад на двоих',
    description: 'Шесть карт для пары: каждый из вас, что связывает и что разделяет, совет паре и перспектива.',
    icon: '💞',
    positions: [
      ['pair_me', 'Я', 'self'],
      ['pair_partner', 'Партнёр', 'partner'],
      ['pair_bond', 'Что нас связывает', 'present'],
      ['pair_divide', 'Что разделяет', 'obstacle'],
      ['pair_advice', 'Совет паре', 'advice'],
      ['pair_outlook', 'Перспектива', 'outcome'],
    ],
    access: 'vip',
    topic: 'love',
    pairOnly: true,
    question: {
      title: 'Ваш вопрос о паре',
      description: 'Спросите о том, что важно вам обоим: расклад увидите вы и ваш партнёр.',
      placeholder: 'Например: что нам важно понять друг о друге?',
      examples: [
        'Что нам важно понять друг о друге?',
        'Как нам лучше договариваться?',
        'Что укрепит наши отношения?',
        'Куда движется наша пара?',
      ],
    },
    outline: ['Анализ карт', 'Каждый из вас', 'Что связывает и что разделяет', 'Совет паре', 'Общий вывод'],
  }),
};

/** Every spread the app knows, in the order of SPREAD_TYPES (the pair's spread too). */
export const ALL_SPREADS: readonly SpreadDefinition[] = SPREAD_TYPES.map((id) => DEFINITIONS[id]);

/** The spreads a user picks from the menus and the plans count: all but the pair's, in the order of SPREAD_TYPES. */
export const SPREADS: readonly SpreadDefinition[] = ALL_SPREADS.filter((s) => !s.pairOnly);

export const SPREAD_BY_ID: ReadonlyMap<SpreadType, SpreadDefinition> = new Map(ALL_SPREADS.map((spread) => [spread.id, spread] as const));

/** The catalogue entry of a spread type: every type has one. */
export const spreadOf = (id: SpreadType): SpreadDefinition => DEFINITIONS[id];

export function getSpread(id: string): SpreadDefinition | undefined {
  return isSpreadType(id) ? SPREAD_BY_ID.get(id) : undefined;
}

/** Russian name of the spread, or «Расклад Таро» for an unknown type. */
export function spreadLabel(id: string): string {
  return getSpread(id)?.name ?? 'Расклад Таро';
}

/**
 * The position names of a reading: the catalogue's, except the year forecast, whose month positions are the
 * twelve months from the one the reading was made in (`firstMonth`, 1..12).
 */
export function positionNamesFor(spreadType: string, firstMonth?: number | null): string[] {
  const spread = getSpread(spreadType);
  if (!spread) return [];
  // A month position is named by its month once the reading's first month is known.
  return spread.positionIds.map((id, i) => {
    const month = monthOfPosition(id, firstMonth);
    return month === null ? spread.positions[i] : MONTHS_RU[month];
  });
}

/** What each position of a spread asks, in dealing order (empty for an unknown spread). */
export function positionIdsFor(spreadType: string): PositionId[] {
  return getSpread(spreadType)?.positionIds ?? [];
}

/** The section outline of a reading (the year forecast's sections are its months). */
export function outlineOf(spreadType: string, firstMonth?: number | null): string[] {
  const spread = getSpread(spreadType);
  if (!spread) return DEFAULT_OUTLINE;
  if (spread.id === 'year_forecast' && firstMonth && firstMonth >= 1 && firstMonth <= 12)
    return ['Тема года', ...monthsFrom(firstMonth), 'Общий вывод'];
  return spread.outline;
}
