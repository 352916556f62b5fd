// The head of a reading with its interpretation: the spread's name, the question, the spread as it lay on the
// table, and the cards listed by position.
import type { ReadingView } from '../api';
import { SpreadTable } from './SpreadTable';

export function ResultHead({ reading }: { reading: ReadingView }) {
  return (
    <section className="panel result-head">
      <p className="kicker">{reading.spreadName}</p>
      <blockquote className="question-quote" data-testid="result-question">
        «{reading.question}»
      </blockquote>
      {/* The spread as it lay on the table (the cross as a cross); a tap opens a card large. */}
      <div className="result-spread" data-testid="result-spread">
        <SpreadTable spreadId={reading.spreadType} positions={[]} cards={reading.cards} revealed={reading.cards.length} />
      </div>
      <ol className="result-cards" data-testid="result-cards">
        {reading.cards.map((c, i) => (
          <li key={i} className="result-card" data-testid="result-card">
            <span className="result-card-text">
              <span className="result-card-pos">
                {i + 1}. {c.positionName}
              </span>
              <strong data-testid="result-card-name">{c.name}</strong>
              {c.reversed && <span className="reversed-mark">перевёрнутая</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
