// «Продолжить расклад»: a reading the server dealt (and charged) that was never read. Home offers it until it
// is read; the archive shows its turned cards only. Both lead back to the same table (`/cards?reading=<id>`).
import { useLocation } from 'wouter';
import { cardsWord } from '../../../domain/text/plural';
import { getReadingInProgress, type ReadingView } from '../api';
import { keys, useApi } from '../data';
import { CardImage } from './CardImage';

const tablePath = (id: number) => `/cards?reading=${id}`;

/** How far the reading got: «Открыта 1 карта из 3». */
const progress = (r: ReadingView) =>
  r.turned === 0
    ? `Карты разложены, ни одна ещё не открыта (всего ${r.cards.length})`
    : `${r.turned === 1 ? 'Открыта' : 'Открыто'} ${r.turned} ${cardsWord(r.turned)} из ${r.cards.length}`;

/** Home's card for the reading on the table, if there is one. */
export function ContinueReading() {
  const [, navigate] = useLocation();
  const { data } = useApi(keys.readingInProgress, getReadingInProgress);
  const r = data?.reading;
  if (!r) return null;
  return (
    <section className="panel continue-reading" data-testid="continue-reading">
      <p className="kicker">{r.spreadName} · расклад не закончен</p>
      <blockquote className="question-quote">«{r.question}»</blockquote>
      <p className="hint" data-testid="continue-progress">
        {progress(r)}. Карты ждут вас — толкование ещё впереди.
      </p>
      <button
        type="button"
        className="btn btn-gold btn-block"
        onClick={() => navigate(tablePath(r.id))}
        data-testid="continue-reading-button"
      >
        Продолжить расклад
      </button>
    </section>
  );
}

/** The archive's view of a reading never finished: the cards turned so far, and the way back to the table. */
export function UnfinishedReading({ reading }: { reading: ReadingView }) {
  const [, navigate] = useLocation();
  const turned = reading.cards.filter((c) => c.position < reading.turned);
  return (
    <section className="panel result-head" data-testid="unfinished-reading">
      <p className="kicker">{reading.spreadName} · расклад не закончен</p>
      <blockquote className="question-quote" data-testid="result-question">
        «{reading.question}»
      </blockquote>
      <p className="hint">{progress(reading)}.</p>
      {turned.length > 0 && (
        <ol className="result-cards unfinished-cards">
          {turned.map((c) => (
            <li key={c.position} className="result-card" data-testid="unfinished-card">
              <CardImage
                image={c.image}
                id={c.cardId}
                name={c.name}
                reversed={c.reversed}
                size="small"
                width={48}
                position={c.positionName}
              />
              <span className="result-card-text">
                <span className="result-card-pos">
                  {c.position + 1}. {c.positionName}
                </span>
                <strong>{c.name}</strong>
              </span>
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        className="btn btn-gold btn-block"
        onClick={() => navigate(tablePath(reading.id))}
        data-testid="continue-reading-button"
      >
        Продолжить расклад
      </button>
    </section>
  );
}
