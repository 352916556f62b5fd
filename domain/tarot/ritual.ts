// The daily ritual: the streak of days with the daily card, its milestone messages, and the reminder's copy.
// Warm and varied on purpose: no threats, no guilt, nothing "lost" when a day is missed.
import { addDays, DAY_MS } from '../text/time';
import { pluralRu } from '../text/plural';

export interface StreakView {
  /** Consecutive local days with the daily card up to today (or up to yesterday, while today is still open). */
  current: number;
  best: number;
  /** True when today's card is already part of the streak. */
  today: boolean;
}

/** The streak as the user sees it on `today`: a run that ended before yesterday counts as 0. */
export function streakView(s: { current: number; best: number; lastDay: string | null }, today: string): StreakView {
  const alive = s.lastDay !== null && (s.lastDay === today || s.lastDay === addDays(today, -1));
  return { current: alive ? s.current : 0, best: s.best, today: s.lastDay === today };
}

export const STREAK_MILESTONES = [3, 7, 14, 30] as const;

const MILESTONE_TEXT: Record<(typeof STREAK_MILESTONES)[number], string> = {
  3: 'Три дня подряд с картой дня — у вас появился свой маленький ритуал. Пусть он приносит спокойствие.',
  7: 'Целая неделя с картой дня! Вы прислушиваетесь к себе каждый день — это дорогого стоит.',
  14: 'Две недели подряд. Карты уже знают вас чуть лучше, а вы — себя. Спасибо, что вы с нами.',
  30: 'Тридцать дней с картой дня — целый лунный цикл! Загляните в «Дневник»: там видно, какие карты шли рядом с вами.',
};

/** The warm message for a milestone day, or null on an ordinary day. */
export function milestoneMessage(current: number): string | null {
  return (MILESTONE_TEXT as Record<number, string>)[current] ?? null;
}

/** Russian plural of «день». */
export const daysWord = (n: number) => pluralRu(n, 'день', 'дня', 'дней');

/** The line under the streak on the home screen: encouraging whatever the number. */
export function streakLine(s: StreakView): string {
  if (s.current === 0)
    return s.best > 0
      ? `Лучшая серия — ${s.best} ${daysWord(s.best)}. Начнём новую с сегодняшней карты?`
      : 'Вытяните карту дня — и начнётся ваша серия.';
  if (!s.today) return `${s.current} ${daysWord(s.current)} подряд. Сегодняшняя карта ждёт, когда вам будет удобно.`;
  return `Сегодняшняя карта уже с вами${s.best > s.current ? ` · лучшая серия — ${s.best} ${daysWord(s.best)}` : ''}.`;
}

/** The daily reminder's copy: gentle, an invitation rather than a demand. */
export const REMINDER_TEXTS: readonly string[] = [
  '🌅 Доброе утро! Ваша карта дня уже ждёт — загляните, когда будет минутка.',
  '☕ Пока заваривается чай, загляните: ваша карта дня подскажет, на что обратить внимание сегодня.',
  '🌿 Новый день — новое послание. Ваша карта дня готова, торопиться некуда.',
  '✨ Карты перетасованы. Если захочется немного ясности, ваша карта дня рядом.',
  '🌙 Маленький ритуал для себя: одна карта и пара минут тишины. Ваша карта дня ждёт.',
  '🕊 Как вы сегодня? Ваша карта дня может стать хорошим началом разговора с собой.',
  '🌸 Сегодняшняя карта дня уже на столе — откройте её, когда будете готовы.',
];

/** One reminder text per local day, cycling through all of them before any repeats. */
export function reminderText(day: string): string {
  const n = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  return REMINDER_TEXTS[((n % REMINDER_TEXTS.length) + REMINDER_TEXTS.length) % REMINDER_TEXTS.length];
}
