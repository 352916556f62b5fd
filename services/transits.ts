// «Ближайшие 30 дней»: the transits to the user's natal chart (domain/astro/transits.ts), computed once per
// user and local day and kept in the database (transit_cache, migration 0036), so any instance serves the
// day's list from one computation; new birth data is a miss (the row names the data it was computed from).
import crypto from 'node:crypto';
import * as transitRepo from '../db/repositories/transit-cache';
import { localSiderealDegrees, obliquityOfDate } from '../domain/astro/natal';
import {
  favourableWindowLine,
  midheavenFromSidereal,
  transitForecast,
  type NatalPoint,
  type TransitForecast,
} from '../domain/astro/transits';
import { readQuestion } from '../domain/reading/question';
import { localDate } from '../domain/text/time';
import { userDay } from '../domain/text/day';
import type { ServiceDeps } from './deps';
import { createNatalService, type NatalChartView } from './natal';
import type { UserService } from './users';

export interface TransitView extends TransitForecast {
  /** False without a birth time: no ascendant and no midheaven, so no transits to the angles. */
  anglesIncluded: boolean;
  /** Said instead of the angles' transits when the birth time is unknown; null with a time. */
  anglesNote: string | null;
  /** When this day's list was computed (the same on every call of the day: it is kept). */
  computedAt: string;
}

const NO_ANGLES_NOTE = 'Время рождения неизвестно, поэтому транзиты к асценденту и Середине неба не показаны.';

/** The chart's points: the five planets, and the ascendant and midheaven when the birth time is known. */
function natalPoints(chart: NatalChartView): NatalPoint[] {
  const points: NatalPoint[] = chart.planets.map((p) => ({ key: p.key as NatalPoint['key'], name: p.name, longitude: p.longitude }));
  if (chart.ascendant) {
    const utc = new Date(chart.birthData.utc);
    const mc = midheavenFromSidereal(localSiderealDegrees(utc, chart.birthData.longitude), obliquityOfDate(utc));
    points.push({ key: 'ascendant', name: 'Асцендент', longitude: chart.ascendant.longitude });
    points.push({ key: 'midheaven', name: 'Середина неба', longitude: mc });
  }
  return points;
}

const chartKey = (chart: NatalChartView) => {
  const b = chart.birthData;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([b.utc, b.timeKnown, b.latitude, b.longitude, b.timeZone]))
    .digest('base64url')
    .slice(0, 22);
};

export function createTransitService(deps: ServiceDeps, users: UserService) {
  const natal = createNatalService(deps, users);

  return {
    /** The next 30 days from the user's local today; 404 «Данные рождения не найдены» without a chart. */
    async forecast(userId: number): Promise<TransitView> {
      const user = await users.requireUser(userId);
      const chart = await natal.savedChart(userId);
      const tz = user.time_zone;
      const today = userDay(user, deps.clock()).day;
      const key = chartKey(chart);
      const kept = await transitRepo.findTransits(deps.db, userId, today, key);
      if (kept) return JSON.parse(kept) as TransitView;
      const view: TransitView = {
        ...transitForecast(natalPoints(chart), today, tz, (d) => localDate(d, tz)),
        anglesIncluded: chart.ascendant !== null,
        anglesNote: chart.ascendant ? null : NO_ANGLES_NOTE,
        computedAt: deps.clock().toISOString(),
      };
      await transitRepo.saveTransits(deps.db, userId, today, key, JSON.stringify(view));
      return view;
    },

    /** «По транзитам: …» for a timing question of a user with a chart; null otherwise (or on any failure). */
    async timingLine(userId: number, question: string, spreadType: string): Promise<string | null> {
      if (readQuestion(question, spreadType).kind !== 'timing') return null;
      try {
        return favourableWindowLine(await this.forecast(userId));
      } catch {
        // No chart (404), or anything else: the reading goes on without the sky.
        return null;
      }
    },
  };
}
