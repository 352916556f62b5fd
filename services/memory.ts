// «Память толкователя»: the lines a reading recalls of the user's earlier readings on its topic (made once,
// when the reading is interpreted), and what the settings show of it: what memory holds, the switch, and
// forgetting a reading. The lines themselves are composed in domain/reading/memory.ts.
import * as memoryRepo from '../db/repositories/memory';
import * as usersRepo from '../db/repositories/users';
import type { Reading, User } from '../db/schema';
import { MEMORY_DAYS, dayLabel, recall, type MemoryLine, type PastReading, TOPIC_ABOUT } from '../domain/reading/memory';
import { readQuestion } from '../domain/reading/question';
import { CARD_BY_ID } from '../domain/tarot/deck';
import { DAY_MS, localDate } from '../domain/text/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';

/** A reading as the settings list it: what memory may recall of it. */
interface RememberedReading {
  id: number;
  /** The local date, YYYY-MM-DD, and as the lines say it («12 ноября»). */
  day: string;
  dayLabel: string;
  question: string;
  /** «о работе». */
  topic: string;
  cards: string[];
}

/** A card that came up more than once on one topic within the window. */
interface ReturningCard {
  name: string;
  topic: string;
  count: number;
  days: string[];
}

export interface MemoryView {
  on: boolean;
  days: number;
  readings: RememberedReading[];
  returning: ReturningCard[];
}

/** How many of the remembered readings the settings list (the newest). */
const LISTED = 30;

const pastOf = (rows: memoryRepo.RememberedRow[], tz: string): PastReading[] =>
  rows.map((r) => ({
    id: r.id,
    day: localDate(r.created_at, tz),
    question: r.question,
    spreadType: r.spread_type,
    cardIds: r.cards.map((c) => c.cardId),
  }));

/** Cards seen at least twice on one topic, most often first. */
function returningCards(past: readonly PastReading[]): ReturningCard[] {
  const seen = new Map<string, ReturningCard & { id: string }>();
  for (const p of [...past].reverse()) {
    const topic = readQuestion(p.question, p.spreadType).topic;
    for (const id of new Set(p.cardIds)) {
      const key = `${topic}:${id}`;
      const entry = seen.get(key) ?? { id, name: CARD_BY_ID.get(id)?.name ?? id, topic: TOPIC_ABOUT[topic], count: 0, days: [] };
      entry.count += 1;
      entry.days.push(p.day);
      seen.set(key, entry);
    }
  }
  return [...seen.values()]
    .filter((c) => c.count >= 2)
    .sort((a, b) => b.count - a.count || (a.days[a.days.length - 1] < b.days[b.days.length - 1] ? 1 : -1))
    .slice(0, 10)
    .map(({ id: _id, ...c }) => c);
}

export function createMemoryService(deps: ServiceDeps) {
  const windowStart = (at: Date) => new Date(at.getTime() - (MEMORY_DAYS + 1) * DAY_MS);

  return {
    /**
     * The memory lines of a reading being interpreted: its earlier readings (made before it, within the
     * window) on its topic. None when the user switched memory off, or for a pair's reading.
     */
    async linesFor(r: Reading, user: Pick<User, 'time_zone' | 'memory_on'> | undefined): Promise<MemoryLine[]> {
      if (!user?.memory_on || r.pair_id !== null || r.status === 'saved') return [];
      const rows = await memoryRepo.rememberedReadings(deps.db, r.user_id, {
        since: windowStart(r.created_at),
        until: r.created_at,
        exceptId: r.id,
      });
      const tz = user.time_zone;
      const now = {
        day: localDate(r.created_at, tz),
        question: r.question,
        spreadType: r.spread_type,
        cardIds: r.cards.map((c) => c.cardId),
      };
      return recall(now, pastOf(rows, tz));
    },

    /** What the settings show: the switch, the readings memory may recall and the cards that keep returning. */
    async view(userId: number): Promise<MemoryView> {
      const now = deps.clock();
      const [user, rows] = await Promise.all([
        usersRepo.findUser(deps.db, userId),
        memoryRepo.rememberedReadings(deps.db, userId, { since: windowStart(now), until: now }),
      ]);
      const on = user?.memory_on ?? true;
      const timeZone = user?.time_zone ?? deps.defaultTimeZone;
      const today = localDate(now, timeZone);
      const past = pastOf(rows, timeZone);
      return {
        on,
        days: MEMORY_DAYS,
        readings: past.slice(0, LISTED).map((p) => ({
          id: p.id,
          day: p.day,
          dayLabel: dayLabel(p.day, today),
          question: p.question,
          topic: TOPIC_ABOUT[readQuestion(p.question, p.spreadType).topic],
          cards: p.cardIds.map((id) => CARD_BY_ID.get(id)?.name ?? id),
        })),
        returning: returningCards(past),
      };
    },

    setOn: (userId: number, on: boolean) => memoryRepo.setMemoryOn(deps.db, userId, on),

    /** Memory forgets one reading (404 for a reading that is not the user's). */
    async forget(userId: number, readingId: number): Promise<void> {
      if (!(await memoryRepo.forgetReading(deps.db, userId, readingId))) throw new ServiceError('not_found', 'Расклад не найден');
    },

    forgetAll: (userId: number) => memoryRepo.forgetAll(deps.db, userId),
  };
}
