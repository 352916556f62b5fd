// The social-proof strip and the reviews: only what the database holds. Each figure is shown once it is
// large enough to mean something, rounded down (never up) above a thousand; below its threshold it is not
// shown at all, and with none left the strip is hidden. Shared by the server (which counts) and the screens.
import { pluralRu } from '../text/plural';

/** Below these a figure is left out: a small number is true but says nothing. */
export const PROOF_THRESHOLDS = { readings30d: 100, readersMonth: 30, reviews: 5, purchasesToday: 5 } as const;

/** A review's rating: one to five stars. */
export const REVIEW_RATING = { min: 1, max: 5 } as const;
/** The optional text under a rating. */
export const REVIEW_TEXT_MAX = 500;
/** The operators' buttons under a new review: the prefix, then the review's id. */
export const REVIEW_BUTTONS = { publish: 'rv:pub:', reject: 'rv:rej:' } as const;
export const REVIEW_BUTTON_DATA = /^rv:(pub|rej):(\d{1,15})$/;

/** Published reviews a screen shows (newest first). */
export const REVIEWS_SHOWN = 6;

export interface ProofCounts {
  readings30d: number;
  readersMonth: number;
  reviews: { count: number; average: number | null };
}

export interface ProofItem {
  value: string;
  label: string;
}

/** A count as shown: exact below 1000, rounded down to hundreds with «+» above (1 234 → «1 200+»). */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  return `${(Math.floor(n / 100) * 100).toLocaleString('ru-RU').replace(/\s/g, ' ')}+`;
}

/** An average rating with a decimal comma, one digit (4.66 → «4,7»). */
export const formatRating = (average: number) => (Math.round(average * 10) / 10).toFixed(1).replace('.', ',');

/** The strip's items: each figure above its threshold, in a fixed order; empty means hide the strip. */
export function proofItems(c: ProofCounts): ProofItem[] {
  const items: ProofItem[] = [];
  if (c.readings30d >= PROOF_THRESHOLDS.readings30d)
    items.push({ value: formatCount(c.readings30d), label: `${pluralRu(c.readings30d, 'расклад', 'расклада', 'раскладов')} за 30 дней` });
  if (c.readersMonth >= PROOF_THRESHOLDS.readersMonth)
    items.push({
      value: formatCount(c.readersMonth),
      label: `${pluralRu(c.readersMonth, 'человек гадал', 'человека гадали', 'человек гадали')} в этом месяце`,
    });
  if (c.reviews.count >= PROOF_THRESHOLDS.reviews && c.reviews.average !== null)
    items.push({
      value: formatRating(c.reviews.average),
      label: `средняя оценка, ${formatCount(c.reviews.count)} ${pluralRu(c.reviews.count, 'отзыв', 'отзыва', 'отзывов')}`,
    });
  return items;
}

/** Today's purchases of any kind (plans, weeks, micro packs): «12 покупок сегодня»; null below its threshold. */
export function purchasesTodayText(n: number): string | null {
  if (n < PROOF_THRESHOLDS.purchasesToday) return null;
  return `${formatCount(n)} ${pluralRu(n, 'покупка', 'покупки', 'покупок')} сегодня`;
}
