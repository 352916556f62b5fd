// Marketing copy in one place, for the server and the Mini App alike. Words only: limits and prices are
// decided by the server, and every figure about the app's users is counted there.
import { PRODUCT_INFO, WEEK_DAYS } from './catalogue';
import { readingsAuthorLine, upgradeFeatures } from './claims';
import { MONEY_BACK } from './legal';
import type { Tone } from './pricing';

// No figure here: what the app says about its users (readings, people, ratings, reviews) is counted on the
// server (domain/social-proof.ts, services/reviews.ts); no invented scarcity, «обычно» price or accuracy.
export const MARKETING = {
  guarantee: MONEY_BACK.text,
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
