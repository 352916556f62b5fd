// Marketing copy in one place (static figures from one module that is easy to change), for the
// server and the Mini App alike. The figures are copy, not measurements: limits and prices that matter are
// decided by the server, which adds real purchase counts to social proof.
import { PRODUCT_INFO, SPREAD_COUNT, WEEK_DAYS } from './catalogue';
import { readingsAuthorLine, upgradeFeatures } from './claims';
import { MONEY_BACK } from './legal';
import type { Tone } from './pricing';

export const SOCIAL_PROOF_DEFAULTS = { rating: 4.9, reviewsTotal: 25_000 } as const;

export const MARKETING = {
  satisfied: '25K+',
  rating: '4.9',
  accuracy: '98%',
  promo: { discountPercent: 25, firstUsers: 100, spotsLeft: 47 },
  guarantee: MONEY_BACK.text,
  testimonial: {
    author: 'Марина, 29 лет',
    text: '«Карты точно описали мою ситуацию на работе. Совет помог решиться на разговор с руководителем — и всё получилось!»',
  },
  trustBadges: ['Безопасная оплата', 'Мгновенная активация', 'Отмена в любой момент'],
} as const;

/** Copy banks by tone: micro offer, week offer, reveal call to action, paywall, reminder, disclaimer. */
export const COPY: Record<Tone, { micro: string; week: string; revealCta: string; paywall: string; reminder: string; disclaimer: string }> = {
  romance: {
    micro: 'Ещё две карты и личный совет — чтобы понять, что чувствует ваше сердце сегодня.',
    week: 'Неделя безлимита: спрашивайте карты о любви и отношениях сколько угодно.',
    revealCta: 'Открыть ещё 2 карты',
    paywall: 'Узнайте больше о своих чувствах и отношениях',
    reminder: 'Карты ждут вас: личный совет на сегодня готов.',
    disclaimer: readingsAuthorLine(true),
  },
  mystic: {
    micro: 'Две дополнительные карты и персональный совет откроют скрытые знаки этого дня.',
    week: `${PRODUCT_INFO.week.name}: расклады без ограничений и полные толкования на ${WEEK_DAYS} дней.`,
    revealCta: 'Открыть тайну ещё 2 карт',
    paywall: 'Загляните глубже в знаки судьбы',
    reminder: 'Звёзды выстроились: ваш расклад ждёт.',
    disclaimer: readingsAuthorLine(true),
  },
};

/** The copy bank a user is shown: without an AI provider the disclaimer does not say an AI writes readings. */
export const copyFor = (tone: Tone, aiEnabled: boolean) => ({ ...COPY[tone], disclaimer: readingsAuthorLine(aiEnabled) });

// The reading side's screens. Prices are never copy: every screen takes them from the server's pricing.

// The home screen's strip: its accuracy and rating are the subscription screen's (MARKETING), so the two
// screens never show a user two different figures for the same thing.
export const STATS = [
  { value: '12K+', label: 'раскладов ежедневно' },
  { value: MARKETING.accuracy, label: 'точность толкований' },
  { value: MARKETING.rating, label: 'средняя оценка' },
  { value: '8K+', label: 'пользователей в месяц' },
] as const;

export const VIP_STATS = [
  { value: '97%', label: 'довольны VIP' },
  { value: String(SPREAD_COUNT), label: 'видов раскладов' },
  { value: '3K+', label: 'VIP-пользователей' },
  { value: '95%', label: 'продлевают подписку' },
] as const;

export const TESTIMONIALS = [
  { name: 'Марина, 29', text: 'Расклад на отношения оказался удивительно точным. Теперь начинаю утро с карты дня.' },
  { name: 'Алексей, 34', text: 'Брал «Карьеру и финансы» перед собеседованием — совет карт помог собраться.' },
  { name: 'Ольга, 41', text: 'Толкования подробные и бережные, без запугивания. Очень приятное приложение.' },
  { name: 'Дарья, 25', text: 'Кельтский крест разложил всё по полочкам. VIP того стоит.' },
  { name: 'Ирина, 37', text: 'Красивые карты и быстрые ответы прямо в Telegram. Пользуюсь каждый день.' },
  { name: 'Сергей, 31', text: 'Скептически относился к таро, но карта дня — отличный повод остановиться и подумать.' },
] as const;

export const TRUST = [
  { icon: 'lock', text: 'Безопасная оплата' },
  { icon: 'bolt', text: 'Мгновенный доступ' },
  { icon: 'undo', text: 'Отмена в любой момент' },
] as const;

/** The money-back rule of the terms (domain/legal.ts), the same words everywhere. */
export const GUARANTEE = MONEY_BACK;

/** The pitch to a free user: what VIP opens beyond the free plan (domain/claims.ts). */
export const VIP_BENEFITS: readonly string[] = upgradeFeatures('free', 'vip');

/** Tarot tips the loading screen rotates every 5 seconds. */
export const LOADING_TIPS = [
  'Перевёрнутая карта не всегда к худшему: часто она говорит о скрытой или задержанной энергии.',
  'Старшие Арканы отмечают важные жизненные уроки, младшие — повседневные события.',
  'Кубки связаны с чувствами, Пентакли — с деньгами и телом, Мечи — с мыслями, Жезлы — с действием.',
  'Лучший вопрос к картам открытый: не «будет ли?», а «что поможет?».',
  'Смотрите на карты вместе: соседние карты усиливают или смягчают друг друга.',
  'Карта дня — не приговор, а повод прислушаться к себе.',
  'Придворные карты часто описывают людей вокруг вас или роль, которую вы играете.',
  'Повторяющаяся масть в раскладе подсказывает главную тему ситуации.',
] as const;

export const DISCLAIMER =
  'Толкование создано искусственным интеллектом и носит развлекательный характер. Оно не является медицинской, юридической или финансовой консультацией.';

/** Under a text the card-based interpreter wrote: it must not claim an AI wrote it. */
export const CARDS_DISCLAIMER =
  'Толкование составлено по классическим значениям карт и носит развлекательный характер. Оно не является медицинской, юридической или финансовой консультацией.';

/** Picks n distinct items at random (for testimonials). */
export function pickRandom<T>(items: readonly T[], n: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
}
