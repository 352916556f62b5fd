// The fallback interpreter: a readable Russian interpretation built from the cards' meanings, positions and
// orientation and the question, in the same `## ` sections the AI is asked for. Used when no AI text can be
// produced (no key, provider down, timeout, empty or malformed answer). Pure and deterministic.
import { oneLine, orientationWords, outlineFor, type PromptCard, type ReadingPromptInput } from './prompts';
import { spreadLabel } from './spreads';
import type { Orientation, Suit, TarotCard } from './types';

/** 'a', 'a и b', 'a, b и c'. */
export function joinRu(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;
}

const keywordsOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedKeywords : card.keywords);
const meaningOf = (card: TarotCard, o: Orientation) => (o === 'reversed' ? card.reversedMeaning : card.meaning);
const firstSentence = (text: string) => (text.match(/^.*?[.!?](\s|$)/)?.[0] ?? text).trim();
/** A sentence as direct speech: «Текст». / «Текст!» */
const quote = (sentence: string) => (/[!?]$/.test(sentence) ? `«${sentence}»` : `«${sentence.replace(/\.$/, '')}».`);
const bold = (c: PromptCard) => `**${c.card.name}**`;
const where = (c: PromptCard) => `«${c.positionName}», ${orientationWords(c.orientation)}`;

/** Position sentences, varied so a long spread does not read like a form. */
const POSITION_SENTENCES = [
  (pos: string, kw: string) => `В позиции «${pos}» на первый план выходят ${kw}.`,
  (pos: string, kw: string) => `Здесь, в позиции «${pos}», особенно важны ${kw}.`,
  (pos: string, kw: string) => `Для позиции «${pos}» это значит, что ключевыми становятся ${kw}.`,
  (pos: string, kw: string) => `В позиции «${pos}» карта говорит прежде всего о таких темах, как ${kw}.`,
];

const REVERSED_POSITION_SENTENCES = [
  (pos: string, kw: string) => `В позиции «${pos}» карта предупреждает о таких проявлениях, как ${kw}.`,
  (pos: string, kw: string) => `Здесь, в позиции «${pos}», дают о себе знать ${kw}.`,
  (pos: string, kw: string) => `Для позиции «${pos}» это знак, что стоит остерегаться таких вещей, как ${kw}.`,
];

const REVERSED_NOTES = [
  'Перевёрнутое положение подсказывает, что эта энергия сейчас заблокирована или проявляется через трудности.',
  'Карта лежит перевёрнутой: её сила не исчезла, но требует внимания и честного взгляда на себя.',
  'В перевёрнутом виде она предупреждает о перекосе, который стоит выправить, пока он не стал привычкой.',
];

function cardParagraph(c: PromptCard, i: number): string {
  const kw = joinRu(keywordsOf(c.card, c.orientation).slice(0, 3));
  const sentences = c.orientation === 'reversed' ? REVERSED_POSITION_SENTENCES : POSITION_SENTENCES;
  const parts = [`${bold(c)} — ${where(c)}.`, meaningOf(c.card, c.orientation), sentences[i % sentences.length](c.positionName, kw)];
  if (c.orientation === 'reversed') parts.push(REVERSED_NOTES[i % REVERSED_NOTES.length]);
  return parts.join(' ');
}

interface Theme {
  /** Positions (0-based) whose cards speak to this section first. */
  cards: number[];
  lead: string;
  upright: string;
  reversed: string;
}

/** Every section heading of the spread outlines, with the cards it draws on and its advice. */
const THEMES: Record<string, Theme> = {
  'Энергия дня': {
    cards: [0],
    lead: 'Энергию этого дня задаёт',
    upright: 'День благоприятен для того, чтобы действовать в согласии с этой энергией, а не против неё.',
    reversed: 'Сегодня лучше не форсировать события: берегите силы и замечайте, где вы сопротивляетесь сами себе.',
  },
  'Совет на день': {
    cards: [2, 1],
    lead: 'Совет на сегодня приходит от карты',
    upright: 'Сделайте сегодня хотя бы один небольшой шаг в этом направлении — он задаст тон всему дню.',
    reversed: 'Присмотритесь, что мешает вам сегодня, и позвольте себе не спешить с выводами.',
  },
  'Прошлое, настоящее и будущее': {
    cards: [0, 1, 2],
    lead: 'Путь во времени открывает',
    upright: 'Линия событий складывается последовательно: то, что было, подготовило то, что есть.',
    reversed: 'Старые сюжеты ещё не отпустили вас, и это стоит учитывать, глядя вперёд.',
  },
  'Влияние прошлого': {
    cards: [0],
    lead: 'Из прошлого в вашу ситуацию тянется влияние карты',
    upright: 'Опыт прошлого — ваш ресурс: опирайтесь на то, что уже получилось.',
    reversed: 'Прошлое оставило незакрытые вопросы; их стоит признать, чтобы они перестали тянуть назад.',
  },
  'Возможности будущего': {
    cards: [2],
    lead: 'Будущее открывает',
    upright: 'Эта возможность реальна, если вы будете двигаться к ней осознанно.',
    reversed: 'Будущее не предрешено: карта предупреждает о ловушке, которую можно обойти, если заметить её заранее.',
  },
  'Ваши чувства': {
    cards: [0],
    lead: 'Ваши чувства отражает',
    upright: 'Ваше сердце открыто, и это хорошая опора для отношений.',
    reversed: 'Похоже, часть чувств вы прячете даже от себя — честность с собой сейчас важнее всего.',
  },
  'Чувства партнёра': {
    cards: [1],
    lead: 'Состояние и чувства партнёра показывает',
    upright: 'Партнёр настроен навстречу, хотя может выражать это по-своему.',
    reversed: 'Партнёру сейчас непросто, и его сдержанность не всегда означает холодность.',
  },
  'Перспективы отношений': {
    cards: [2],
    lead: 'О перспективах отношений говорит',
    upright: 'У союза есть потенциал роста, если оба готовы вкладываться в него.',
    reversed: 'Отношениям нужен откровенный разговор, чтобы недосказанность не стала стеной.',
  },
  'Карьера': {
    cards: [0, 1],
    lead: 'В работе ключевую роль играет',
    upright: 'Профессиональная ситуация даёт опору — используйте её для следующего шага.',
    reversed: 'На работе есть препятствие, которое лучше решать спокойно и планомерно, а не рывком.',
  },
  'Финансы': {
    cards: [3, 2],
    lead: 'О деньгах рассказывает',
    upright: 'Финансовая картина складывается благоприятно при трезвом расчёте.',
    reversed: 'В денежных делах нужна осторожность: не спешите с крупными тратами и обязательствами.',
  },
  'Рекомендации': {
    cards: [2, 3],
    lead: 'Главную рекомендацию даёт',
    upright: 'Действуйте последовательно и не упускайте открывшийся шанс.',
    reversed: 'Прежде чем действовать, устраните то, что мешает, — тогда усилия не пропадут зря.',
  },
  'Баланс энергии': {
    cards: [0],
    lead: 'Состояние вашей энергии показывает',
    upright: 'Сил достаточно, важно лишь распределять их бережно.',
    reversed: 'Энергия на исходе: отдых и простые восстанавливающие привычки сейчас важнее подвигов.',
  },
  'Эмоциональное состояние': {
    cards: [1],
    lead: 'Ваше эмоциональное состояние отражает',
    upright: 'Внутреннее равновесие доступно вам — поддерживайте то, что приносит спокойствие.',
    reversed: 'Эмоции просят внимания: не подавляйте их, а дайте им безопасный выход.',
  },
  'Суть ситуации': {
    cards: [0, 1],
    lead: 'Суть происходящего раскрывает',
    upright: 'Ситуация яснее, чем кажется: её ядро — в этой карте.',
    reversed: 'В основе ситуации лежит напряжение, которое полезно назвать своими словами.',
  },
  'Скрытые влияния': {
    cards: [2, 8],
    lead: 'Скрытое влияние выдаёт',
    upright: 'То, что действует за кадром, скорее помогает вам.',
    reversed: 'За кадром действуют страхи или чужие ожидания — осознав их, вы ослабите их власть.',
  },
  'Развитие событий': {
    cards: [4, 5, 3],
    lead: 'Развитие событий показывает',
    upright: 'События движутся в благоприятную сторону, если не сворачивать с выбранного пути.',
    reversed: 'События могут пойти не по плану; гибкость поможет повернуть их к лучшему.',
  },
  'Совет карт': {
    cards: [6, 9, 2],
    lead: 'Совет карт воплощает',
    upright: 'Следуйте этому совету — он созвучен вашему настоящему пути.',
    reversed: 'Совет здесь — не повторять привычную ошибку и выбрать иной подход.',
  },
  'Духовный урок': {
    cards: [1],
    lead: 'Ваш духовный урок несёт',
    upright: 'Урок принимается легко, если вы открыты новому опыту.',
    reversed: 'Урок повторяется, пока не будет понят: посмотрите, какая ситуация возвращается снова и снова.',
  },
  'Путь роста': {
    cards: [3, 2],
    lead: 'Путь вашего роста указывает',
    upright: 'Рост идёт через принятие нового и доверие к себе.',
    reversed: 'Рост начнётся с того, что вы отпустите отжившее.',
  },
  'Послание карт': {
    cards: [4],
    lead: 'Главное послание расклада несёт',
    upright: 'Это послание поддержки: вы на верном пути.',
    reversed: 'Это послание-предупреждение: остановитесь и прислушайтесь к себе.',
  },
  'Ключевые темы': {
    cards: [0, 1],
    lead: 'Ключевые темы расклада задаёт',
    upright: 'Эти темы сейчас работают на вас.',
    reversed: 'Эти темы требуют внимания и проработки.',
  },
};

function themeParagraph(heading: string, cards: PromptCard[], sectionIndex: number): string {
  const theme = THEMES[heading];
  const picks = (theme?.cards ?? [sectionIndex]).map((i) => cards[i]).filter(Boolean);
  const main = picks[0] ?? cards[sectionIndex % cards.length];
  const kw = joinRu(keywordsOf(main.card, main.orientation).slice(1, 4));
  const lead = theme?.lead ?? `Тему «${heading}» раскрывает`;
  const parts = [`${lead} ${bold(main)} (${where(main)}): ${main.orientation === 'reversed' ? 'здесь дают о себе знать' : 'здесь важны'} ${kw}.`];
  const second = picks[1];
  if (second && second !== main)
    parts.push(`Эту карту дополняет ${bold(second)} с темами «${joinRu(keywordsOf(second.card, second.orientation).slice(0, 2))}».`);
  if (theme) parts.push(main.orientation === 'reversed' ? theme.reversed : theme.upright);
  else parts.push(firstSentence(meaningOf(main.card, main.orientation)));
  return parts.join(' ');
}

const SUIT_THEMES: Record<Exclude<Suit, 'major'>, string> = {
  cups: 'Кубки — в центре внимания чувства, отношения и интуиция',
  pentacles: 'Пентакли — на первом плане материальные вопросы, работа, деньги и тело',
  swords: 'Мечи — ситуация проходит через мысли, решения и напряжение, которое требует ясности',
  wands: 'Жезлы — главную роль играют энергия, действие и амбиции',
};

function conclusion(input: ReadingPromptInput): string {
  const cards = input.cards;
  const last = cards[cards.length - 1];
  const first = cards[0];
  const reversed = cards.filter((c) => c.orientation === 'reversed').length;
  const majors = cards.filter((c) => c.card.suit === 'major').length;
  const sentences: string[] = [];

  sentences.push(
    `Отвечая на ваш вопрос «${oneLine(input.question)}», карты выдвигают на первый план такие темы, как ${joinRu(keywordsOf(last.card, last.orientation).slice(0, 2))}.`,
  );
  if (reversed === 0) sentences.push('Все карты легли прямо — обстоятельства складываются в вашу пользу, и энергия расклада открыта.');
  else if (reversed * 2 > cards.length)
    sentences.push('Большинство карт перевёрнуто: сейчас многое идёт через сопротивление, и важнее разобраться в себе, чем торопить события.');
  else if (cards.length === 1) sentences.push('Карта лежит перевёрнутой: её урок требует внимания и честности с собой.');
  else sentences.push('В раскладе есть и прямые, и перевёрнутые карты: рядом с возможностями есть препятствия, которые стоит учитывать.');
  sentences.push(`Итоговая карта ${bold(last)} говорит: ${quote(firstSentence(meaningOf(last.card, last.orientation)))}`);

  if (input.level === 'premium') {
    if (majors === 0) sentences.push('Старших арканов в раскладе нет — многое зависит от ваших повседневных решений, а не от судьбы.');
    else if (majors * 2 >= cards.length)
      sentences.push(`Старших арканов здесь ${majors} из ${cards.length}: ситуация значима и связана с важными жизненными уроками.`);
    else sentences.push(`Старшие арканы (${joinRu(cards.filter((c) => c.card.suit === 'major').map(bold))}) отмечают ключевые моменты ситуации.`);

    const counts = new Map<string, number>();
    for (const c of cards) if (c.card.suit !== 'major') counts.set(c.card.suit, (counts.get(c.card.suit) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    if (top.length && top[0][1] >= 2 && (top.length === 1 || top[0][1] > top[1][1]))
      sentences.push(`Преобладают ${SUIT_THEMES[top[0][0] as keyof typeof SUIT_THEMES]}.`);
    else sentences.push('Масти распределены ровно — в ситуации переплетаются разные сферы жизни.');

    if (first !== last)
      sentences.push(
        `Путь от карты ${bold(first)} к карте ${bold(last)} ведёт от темы «${keywordsOf(first.card, first.orientation)[0]}» к теме «${keywordsOf(last.card, last.orientation)[0]}» — это и есть направление вашего движения.`,
      );
    sentences.push('Прислушайтесь к себе: карты показывают тенденции, а окончательный выбор всегда остаётся за вами.');
  }
  const want = input.level === 'premium' ? 7 : 3;
  return sentences.slice(0, want).join(' ');
}

/** The whole fallback interpretation of a reading, in the spread's outline. */
export function buildFallbackInterpretation(input: ReadingPromptInput): string {
  const outline = outlineFor(input.spreadType);
  const [first, ...rest] = outline;
  const middle = rest.slice(0, -1);
  const last = rest[rest.length - 1] ?? 'Общий вывод';
  const cards = input.cards;
  if (!cards.length) return `## ${last}\n\nВ раскладе нет карт для толкования.`;

  const out: string[] = [];
  out.push(`## ${first}`);
  out.push(`Вы спросили: «${oneLine(input.question)}». Вот что показывает расклад «${spreadLabel(input.spreadType)}».`);
  cards.forEach((c, i) => out.push(cardParagraph(c, i)));
  middle.forEach((h, i) => {
    out.push(`## ${h}`);
    out.push(themeParagraph(h, cards, i));
  });
  out.push(`## ${last}`);
  out.push(conclusion(input));
  return out.join('\n\n');
}

/** The short daily-card text when no AI text is available: the card's keywords (spec 000 §8). */
export function buildDailyCardFallback(card: TarotCard, orientation: Orientation): string {
  return `Карта дня — **${card.name}** (${orientationWords(orientation)}). Ключевые слова дня: ${joinRu(keywordsOf(card, orientation))}.`;
}

/** The detailed day analysis without AI: the card's meanings, keywords and the user's plans. */
export function buildDailyGuidanceFallback(card: TarotCard, orientation: Orientation, plans: string | null): string {
  const kw = keywordsOf(card, orientation);
  const other = orientation === 'reversed' ? card.meaning : card.reversedMeaning;
  const out = [
    '## Энергия дня',
    `Сегодня с вами **${card.name}** (${orientationWords(orientation)}). ${meaningOf(card, orientation)}`,
    '## Возможности и риски',
    `Возможности дня связаны с такими темами, как ${joinRu(kw.slice(0, 3))}. ${
      orientation === 'reversed' ? 'Если выправить перекос, о котором говорит карта, день может повернуться так:' : 'Но помните и о теневой стороне карты:'
    } ${quote(firstSentence(other))}`,
  ];
  if (plans) {
    out.push('## Ваши планы', `Вы планируете: «${oneLine(plans)}». Смотрите на эти дела через темы карты — ${joinRu(kw.slice(2, 5))}: где они помогают, там действуйте смело, а где мешают — не торопитесь.`);
  } else {
    out.push('## На что обратить внимание', `Замечайте в течение дня всё, что связано с темами «${kw[3]}» и «${kw[4]}»: именно там карта подсказывает ответ.`);
  }
  out.push(
    '## Совет на день',
    orientation === 'reversed'
      ? `Не спорьте с обстоятельствами, а присмотритесь к ним. ${firstSentence(card.reversedMeaning)}`
      : `Опирайтесь на сильную сторону карты. ${firstSentence(card.meaning)}`,
  );
  return out.join('\n\n');
}
