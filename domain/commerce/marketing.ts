// Marketing copy in one place, for the server and the Mini App alike. Words only: limits and prices are
// decided by the server, and every figure about the app's users is counted there.
import { MONEY_BACK } from './agreement';

// No figure here: what the app says about its users (readings, people, ratings, reviews) is counted on the
// server (domain/commerce/social-proof.ts, services/reviews.ts); no invented scarcity, «обычно» price or accuracy.
export const MARKETING = {
  guarantee: MONEY_BACK.text,
  trustBadges: ['Безопасная оплата', 'Мгновенная активация', 'Отмена в любой момент'],
} as const;

// The reading side's screens. Prices are never copy: every screen takes them from the server's pricing.

export const TRUST = [
  { icon: 'lock', text: 'Безопасная оплата' },
  { icon: 'bolt', text: 'Мгновенный доступ' },
  { icon: 'undo', text: 'Отмена в любой момент' },
] as const;

/** The money-back rule of the terms (domain/commerce/legal.ts), the same words everywhere. */
export const GUARANTEE = MONEY_BACK;

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
