// Autopay the user understands: whether a plan renews, what the next charge is and when. The status screen,
// the payment widget, the bot's payment message and the push a day before all say it in these words.
import { DAY_MS, formatRuDate } from '../text/time';

/** What the next renewal charges: Stars (whole stars) or roubles (minor units stored, shown in roubles). */
export interface NextCharge {
  /** ISO instant of the charge. */
  at: string;
  /** Stars, or roubles (not kopecks). */
  amount: number;
  currency: 'XTR' | 'RUB';
}

/** The renewal terms of a running plan; `next` is null when it does not renew. */
export interface Renewal {
  renews: boolean;
  next: NextCharge | null;
  /** When access ends if nothing renews (ISO), null for a free user. */
  ends: string | null;
}

/** Stored minor units → what a person reads (Stars are whole; roubles from kopecks). */
export const chargeAmount = (amountMinor: number, currency: string): number => (currency === 'XTR' ? amountMinor : amountMinor / 100);

/** «385 ⭐», «499 ₽». */
export function chargeText(amount: number, currency: 'XTR' | 'RUB'): string {
  const n = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(amount);
  return currency === 'XTR' ? `${n}\u00a0⭐` : `${n}\u00a0₽`;
}

/**
 * One line for a plan's renewal: «Продлится 26.12.2026: спишется 385 ⭐» or «Не продлевается: доступ до 26.12.2026».
 * A Stars subscription is charged on Telegram's schedule, which may come before the plan's end (days carried
 * over from an earlier plan): then the line says where the renewal takes access, one period (`periodDays`, the
 * plan's) past that end.
 */
export function renewalText(r: Renewal, timeZone: string, periodDays: number): string {
  if (r.renews && r.next) {
    const charge = `Продлится автоматически ${formatRuDate(r.next.at, timeZone)}: спишется ${chargeText(r.next.amount, r.next.currency)}`;
    const ends = r.ends ? Date.parse(r.ends) : Number.NaN;
    return ends - Date.parse(r.next.at) > DAY_MS
      ? `${charge}, и доступ продлится до ${formatRuDate(new Date(ends + periodDays * DAY_MS), timeZone)}`
      : charge;
  }
  return r.ends ? `Не продлевается: доступ до ${formatRuDate(r.ends, timeZone)}` : 'Не продлевается';
}

/** The push a day before a renewal, with the way to cancel. */
export function renewalReminderText(planName: string, next: NextCharge, timeZone: string): string {
  return (
    `🔔 Завтра, ${formatRuDate(next.at, timeZone)}, подписка «${planName}» продлится автоматически: спишется ${chargeText(next.amount, next.currency)}. ` +
    'Если продление не нужно, отключите его в приложении: «Подписка» → «Отменить автопродление». Доступ сохранится до конца оплаченного периода.'
  );
}
