// «Дневник»'s patterns beyond the cards: the topics asked about and how the readings were rated (same period
// as the figures above them).
import { pluralRu } from '../../../domain/text/plural';
import { Bars } from './Charts';

interface Patterns {
  topics: { topic: string; label: string; count: number }[];
  ratings: { count: number; average: number | null; stars: number[] };
}

export function PatternBlocks({ patterns }: { patterns: Patterns }) {
  const { topics, ratings } = patterns;
  return (
    <>
      {topics.length > 0 && (
        <section className="panel journal-block" data-testid="journal-topics-block">
          <h2>О чём вы спрашивали</h2>
          <Bars testId="journal-topics" items={topics.map((t) => ({ key: t.topic, label: t.label, count: t.count }))} />
        </section>
      )}
      <section className="panel journal-block" data-testid="journal-ratings">
        <h2>Ваши оценки</h2>
        {ratings.average === null ? (
          <p className="hint">Вы ещё не оценивали расклады этого периода — звёзды под толкованием.</p>
        ) : (
          <>
            <p className="journal-rating" data-testid="journal-rating-average">
              <strong>{ratings.average.toLocaleString('ru-RU')}</strong> из 5 · {ratings.count}{' '}
              {pluralRu(ratings.count, 'оценка', 'оценки', 'оценок')}
            </p>
            <Bars
              testId="journal-stars"
              items={[5, 4, 3, 2, 1].map((n) => ({ key: String(n), label: '★'.repeat(n), count: ratings.stars[n - 1] }))}
            />
          </>
        )}
      </section>
    </>
  );
}
