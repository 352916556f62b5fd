// «Итоги месяца»: in the first days of a month (the user's counting day), the past month's report — the
// journal's figures (services/journal.ts) told in a few sentences and drawn as a share-style picture in the
// share pictures' low-priority line — offered once in the app until opened or dismissed, and sent once as a
// push to users who keep reminders on. Only a month with at least three readings has a report.
import * as reportsRepo from '../db/repositories/monthly-reports';
import * as notificationsRepo from '../db/repositories/notifications';
import {
  monthlyReportLines,
  monthlyReportPush,
  monthlyReportSummary,
  REPORT_MIN_READINGS,
  REPORT_OFFER_DAYS,
  REPORT_PUSH_DAYS,
} from '../domain/reading/monthly-report';
import { monthLabel, shiftMonth } from '../domain/tarot/journal';
import { userDay } from '../domain/text/day';
import { isValidTimeZone, localDate, wallClock } from '../domain/text/time';
import { DEFAULT_REMINDER_TIME, type ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { PUSH_KINDS } from './notifications';
import type { createJournalService } from './journal';
import type { createShareService } from './share';
import type { UserService } from './users';

/** The push is not sent from this local hour on (nor before the reminder time). */
const PUSH_UNTIL_HOUR = 21;

export interface ReportOffer {
  month: string;
  /** «Итоги: ноябрь 2026». */
  title: string;
}

const NO_REPORT = `За этот месяц меньше ${REPORT_MIN_READINGS} раскладов — итогов нет.`;
const bounds = (month: string) => ({ fromDay: `${month}-01`, toDay: `${shiftMonth(month, 1)}-01` });
const titleOf = (month: string) => `Итоги: ${monthLabel(month)}`;

export function createMonthlyReportService(
  deps: ServiceDeps,
  users: UserService,
  journal: ReturnType<typeof createJournalService>,
  share: ReturnType<typeof createShareService>,
) {
  /**
   * Zones whose due pushes this process queued in a local hour: the candidates' query runs once an hour per zone
   * rather than on every tick (an optimisation only: the claim decides who gets one).
   */
  const zonesDone = new Set<string>();

  /** The past month when today is one of the first `days` days of a month, else null. */
  const pastMonthIn = (today: string, days: number) => (Number(today.slice(8, 10)) <= days ? shiftMonth(today.slice(0, 7), -1) : null);

  async function figures(userId: number, month: string) {
    const user = await users.requireUser(userId);
    const current = userDay(user, deps.clock()).day.slice(0, 7);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month >= current) throw new ServiceError('not_found', NO_REPORT);
    const view = await journal.month(userId, month);
    if (view.readings < REPORT_MIN_READINGS) throw new ServiceError('not_found', NO_REPORT);
    return view;
  }

  return {
    /** The report the app offers now (the past month's, in the first days), or null: once opened or dismissed, never again. */
    async offer(userId: number): Promise<ReportOffer | null> {
      const user = await users.requireUser(userId);
      const month = pastMonthIn(userDay(user, deps.clock()).day, REPORT_OFFER_DAYS);
      if (!month) return null;
      const row = await reportsRepo.findReport(deps.db, userId, month);
      if (row && (row.opened_at || row.dismissed_at)) return null;
      if (!row) {
        const n = await reportsRepo.countReadings(deps.db, userId, { ...bounds(month), timeZone: user.time_zone });
        if (n < REPORT_MIN_READINGS) return null;
        await reportsRepo.offerReport(deps.db, userId, month);
      }
      return { month, title: titleOf(month) };
    },

    /** The month's report (and it is now seen: the offer goes); 404 for a month with fewer than three readings. */
    async report(userId: number, month: string) {
      const view = await figures(userId, month);
      await reportsRepo.markOpened(deps.db, userId, month);
      return {
        month,
        title: titleOf(month),
        lines: monthlyReportLines(month, view),
        summary: monthlyReportSummary(view),
        readings: view.readings,
        dailyCards: view.dailyCards,
        topCards: view.topCards.slice(0, 3),
        suits: view.suits,
        majorShare: view.majorShare,
        topics: view.patterns.topics,
        ratings: view.patterns.ratings,
      };
    },

    /** The report's picture (JPEG, a story), drawn in the share pictures' line in the user's deck. */
    async picture(userId: number, month: string): Promise<Buffer> {
      const view = await figures(userId, month);
      const top = view.topCards.slice(0, 3);
      return share.drawForOwner(userId, {
        format: 'story',
        deck: await share.deckOf(userId),
        picture: {
          spreadName: titleOf(month),
          layout: 'rows',
          question: null,
          summary: monthlyReportSummary(view),
          cards: top.map((c) => ({
            cardId: c.cardId,
            name: c.count > 1 ? `${c.name} ×${c.count}` : c.name,
            reversed: false,
            positionName: '',
          })),
        },
      });
    },

    /** «Не сейчас»: the offer of this month's report goes for good. */
    async dismiss(userId: number, month: string): Promise<void> {
      await users.requireUser(userId);
      await reportsRepo.offerReport(deps.db, userId, month);
      await reportsRepo.markDismissed(deps.db, userId, month);
    },

    /**
     * Queues the month's one push for users who keep reminders on, in the first days of a month from the
     * reminder time until evening in their zone. The claim on the report's row makes it once per user and
     * month across instances and runs. Returns how many were queued.
     */
    async schedulePushes(now: Date = deps.clock()): Promise<number> {
      const reminderTime = deps.dailyReminderTime ?? DEFAULT_REMINDER_TIME;
      let queued = 0;
      for (const tz of await notificationsRepo.reminderTimeZones(deps.db)) {
        if (!isValidTimeZone(tz)) continue;
        const today = localDate(now, tz);
        const month = pastMonthIn(today, REPORT_PUSH_DAYS);
        const w = wallClock(now, tz);
        const clock = `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
        if (!month || clock < reminderTime || w.hour >= PUSH_UNTIL_HOUR || zonesDone.has(`${tz}:${today}:${w.hour}`)) continue;
        const ids = await reportsRepo.pushCandidates(deps.db, { timeZone: tz, month, ...bounds(month), min: REPORT_MIN_READINGS });
        for (const userId of ids) {
          if (!(await reportsRepo.claimPush(deps.db, userId, month))) continue;
          await notificationsRepo.insertNotification(deps.db, {
            userId,
            kind: PUSH_KINDS.monthlyReport,
            dedupKey: month,
            priority: 1,
            notBefore: now,
            payload: { text: monthlyReportPush(month), button: { text: '📊 Открыть итоги', path: `/report/${month}` } },
          });
          queued++;
        }
        if (zonesDone.size > 10_000) zonesDone.clear();
        zonesDone.add(`${tz}:${today}:${w.hour}`);
      }
      return queued;
    },
  };
}
