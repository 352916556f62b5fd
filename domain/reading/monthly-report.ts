// «Итоги месяца»: the past month told in a few Russian sentences, and the share-style picture's contents,
// from what the journal counts (domain/tarot/journal.ts, ./patterns.ts). Pure: the server counts and sends.
import type { JournalStats } from '../tarot/journal';
import { pluralRu } from '../text/plural';
import type { ReadingPatterns } from './patterns';

/** A month is reported when the user made at least this many readings in it. */
export const REPORT_MIN_READINGS = 3;
/** The app offers the past month's report during this many first days of the next month. */
export const REPORT_OFFER_DAYS = 7;
/** The push goes out during this many first days (from the reminder time on). */
export const REPORT_PUSH_DAYS = 3;

const MONTHS_GEN = ['январе', 'феврале', 'марте', 'апреле', 'мае', 'июне', 'июле', 'августе', 'сентябре', 'октябре', 'ноябре', 'декабре'];
const TOPIC_ABOUT: Record<string, string> = {
  love: 'о любви',
  family: 'о семье',
  work: 'о работе',
  money: 'о деньгах',
  health: 'о здоровье',
  self: 'о себе',
  general: 'об общем',
};

/** «в ноябре 2026». */
const inMonth = (month: string) => `в ${MONTHS_GEN[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const percent = (share: number) => `${Math.round(share * 100)} %`;
const times = (n: number) => `${n} ${pluralRu(n, 'раз', 'раза', 'раз')}`;

interface MonthFigures extends JournalStats {
  patterns: ReadingPatterns;
}

/** The report's sentences, each a line. */
export function monthlyReportLines(month: string, f: MonthFigures): string[] {
  const lines: string[] = [];
  const readings = `${f.readings} ${pluralRu(f.readings, 'расклад', 'расклада', 'раскладов')}`;
  const daily = f.dailyCards ? ` и ${f.dailyCards} ${pluralRu(f.dailyCards, 'карту дня', 'карты дня', 'карт дня')}` : '';
  lines.push(`${inMonth(month)[0].toUpperCase()}${inMonth(month).slice(1)} вы сделали ${readings}${daily}.`);
  const repeated = f.topCards.filter((c) => c.count > 1);
  if (repeated.length)
    lines.push(
      // One card takes the singular verb: «Чаще всего выпадала «Башня» (3 раза)».
      `Чаще всего ${repeated.length === 1 ? 'выпадала' : 'выпадали'}: ${repeated
        .slice(0, 3)
        .map((c) => `«${c.name}» (${times(c.count)})`)
        .join(', ')}.`,
    );
  const minors = f.suits.filter((s) => s.suit !== 'major').sort((a, b) => b.count - a.count);
  const topSuit = minors[0];
  const suitLine =
    topSuit && topSuit.count > 0 && f.cards ? `, из мастей больше всего — ${topSuit.label} (${percent(topSuit.count / f.cards)})` : '';
  if (f.cards) lines.push(`Старшие арканы — ${percent(f.majorShare)} карт${suitLine}.`);
  const topic = f.patterns.topics[0];
  if (topic)
    lines.push(`Больше всего вопросов — ${TOPIC_ABOUT[topic.topic] ?? topic.label.toLowerCase()}: ${topic.count} из ${f.readings}.`);
  const r = f.patterns.ratings;
  if (r.average !== null)
    lines.push(
      `Ваша средняя оценка раскладов — ${String(r.average).replace('.', ',')} из 5 (${r.count} ${pluralRu(r.count, 'оценка', 'оценки', 'оценок')}).`,
    );
  return lines;
}

/** The picture's one line under the cards: the month's figures in short. */
export function monthlyReportSummary(f: MonthFigures): string {
  const parts = [`${f.readings} ${pluralRu(f.readings, 'расклад', 'расклада', 'раскладов')}`, `старшие арканы ${percent(f.majorShare)}`];
  const topic = f.patterns.topics[0];
  if (topic) parts.push(`чаще ${TOPIC_ABOUT[topic.topic] ?? topic.label.toLowerCase()}`);
  if (f.patterns.ratings.average !== null) parts.push(`оценка ${String(f.patterns.ratings.average).replace('.', ',')}`);
  return parts.join(' · ');
}

/** The push's text. */
export const monthlyReportPush = (month: string) =>
  `📊 Ваши итоги месяца готовы: какие карты возвращались к вам ${inMonth(month)}, о чём вы спрашивали и как оценивали расклады.`;
