// The moon for the home screen: its phase and the lunar day (days since the last new moon, counted from 1),
// computed with astronomy-engine. Server-side only: the library stays out of the web app's bundle.
import * as Astronomy from 'astronomy-engine';
import { DAY_MS } from '../text/time';

export interface MoonView {
  /** Ecliptic longitude difference Moon − Sun, 0..360 (0 new, 180 full). */
  phaseAngle: number;
  /** Lit fraction of the disc, 0..1. */
  illumination: number;
  phase: string;
  emoji: string;
  /** 1..30: the day of the lunar month. */
  lunarDay: number;
  waxing: boolean;
  hint: string;
  nextFullMoon: string;
  nextNewMoon: string;
}

const PHASES: { name: string; emoji: string; hint: string }[] = [
  { name: 'Новолуние', emoji: '🌑', hint: 'Время тихих намерений: загадайте, с чего начнётся новый цикл.' },
  { name: 'Растущий серп', emoji: '🌒', hint: 'Хорошо начинать понемногу: первые шаги даются легче.' },
  { name: 'Первая четверть', emoji: '🌓', hint: 'День решений: выберите, во что вложить силы.' },
  { name: 'Растущая луна', emoji: '🌔', hint: 'Энергия прибывает — доводите начатое до зрелости.' },
  { name: 'Полнолуние', emoji: '🌕', hint: 'Всё видно ярче: время подвести итоги и поблагодарить себя.' },
  { name: 'Убывающая луна', emoji: '🌖', hint: 'Хорошо делиться и отпускать лишнее.' },
  { name: 'Последняя четверть', emoji: '🌗', hint: 'Время навести порядок и завершить старое.' },
  { name: 'Убывающий серп', emoji: '🌘', hint: 'Замедлитесь и отдохните перед новым циклом.' },
];

/** The phase bucket: the four principal phases get ±~1.8 days, the in-between phases the rest. */
function phaseIndex(angle: number): number {
  const a = ((angle % 360) + 360) % 360;
  if (a < 11.25 || a >= 348.75) return 0;
  if (a < 78.75) return 1;
  if (a < 101.25) return 2;
  if (a < 168.75) return 3;
  if (a < 191.25) return 4;
  if (a < 258.75) return 5;
  if (a < 281.25) return 6;
  return 7;
}

/** The last new moon at or before `at`. */
function previousNewMoon(at: Date): Date {
  let found = Astronomy.SearchMoonPhase(0, new Date(at.getTime() - 31 * DAY_MS), 31)!.date;
  // The window may hold two new moons; step to the later one while it is still not after `at`.
  for (;;) {
    const next = Astronomy.SearchMoonPhase(0, new Date(found.getTime() + DAY_MS), 31)!.date;
    if (next.getTime() > at.getTime()) return found;
    found = next;
  }
}

export function moonAt(at: Date): MoonView {
  const angle = Astronomy.MoonPhase(at);
  const p = PHASES[phaseIndex(angle)];
  const newMoon = previousNewMoon(at);
  const lunarDay = Math.min(30, Math.floor((at.getTime() - newMoon.getTime()) / DAY_MS) + 1);
  return {
    phaseAngle: Math.round(angle * 10) / 10,
    illumination: Math.round(Astronomy.Illumination(Astronomy.Body.Moon, at).phase_fraction * 1000) / 1000,
    phase: p.name,
    emoji: p.emoji,
    lunarDay,
    waxing: angle < 180,
    hint: p.hint,
    nextFullMoon: Astronomy.SearchMoonPhase(180, at, 31)!.date.toISOString(),
    nextNewMoon: Astronomy.SearchMoonPhase(0, at, 31)!.date.toISOString(),
  };
}
