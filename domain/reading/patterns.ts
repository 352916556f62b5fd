// The journal's patterns beyond the cards: which topics the user asked about (the question model's topic of
// each reading) and how they rated their readings. Pure: the server counts, the web app draws.
import type { Topic } from '../types';
import { readQuestion } from './question';

export const TOPIC_LABELS: Record<Topic, string> = {
  love: 'Любовь',
  family: 'Семья',
  work: 'Работа',
  money: 'Деньги',
  health: 'Здоровье',
  self: 'Я сам(а)',
  general: 'Общие вопросы',
};

export interface ReadingPatterns {
  /** Topics asked about, most often first (only those asked). */
  topics: { topic: Topic; label: string; count: number }[];
  /** The user's ratings of these readings: how many, the average (null with none), and per star 1..5. */
  ratings: { count: number; average: number | null; stars: number[] };
}

export function readingPatterns(readings: readonly { question: string; spreadType: string; rating: number | null }[]): ReadingPatterns {
  const byTopic = new Map<Topic, number>();
  const stars = [0, 0, 0, 0, 0];
  let sum = 0;
  let rated = 0;
  for (const r of readings) {
    const topic = readQuestion(r.question, r.spreadType).topic;
    byTopic.set(topic, (byTopic.get(topic) ?? 0) + 1);
    if (r.rating !== null && r.rating >= 1 && r.rating <= 5) {
      stars[r.rating - 1]++;
      sum += r.rating;
      rated++;
    }
  }
  const order = Object.keys(TOPIC_LABELS) as Topic[];
  return {
    topics: [...byTopic.entries()]
      .sort((a, b) => b[1] - a[1] || order.indexOf(a[0]) - order.indexOf(b[0]))
      .map(([topic, count]) => ({ topic, label: TOPIC_LABELS[topic], count })),
    ratings: { count: rated, average: rated ? Math.round((sum / rated) * 10) / 10 : null, stars },
  };
}
