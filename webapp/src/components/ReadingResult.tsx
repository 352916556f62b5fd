// A reading with its interpretation: the question, the numbered cards, and the text, streamed from
// GET /api/readings/:id/interpretation (TEAM.md contract 1) and rendered as it arrives. Until the first
// text the loading screen shows; an error keeps any partial text with the basic-interpretation notice.
import { useEffect, useState } from 'react';
import { ApiError, getReading, streamInterpretation, type ReadingView } from '../api';
import { haptic } from '../telegram/bridge';
import { CardImage } from './CardImage';
import { ErrorBlock } from './ErrorBlock';
import { LoadingScreen } from './LoadingScreen';
import { RichText } from './RichText';

export const FALLBACK_NOTICE = 'Показана базовая интерпретация карт';
export const FETCH_ERROR = 'Произошла ошибка при получении интерпретации';

interface State {
  reading: ReadingView | null;
  text: string;
  finished: boolean;
  fallback: boolean;
  /** The server's error text for a finished reading (it still has text: the fallback). */
  error: string | null;
  /** The call itself failed. */
  failure: string | null;
}

const hasStoredText = (r: ReadingView | null | undefined) => !!r && !!r.interpretation && r.status !== 'dealt';

export function ReadingResult(props: { readingId: number; initial?: ReadingView; onFinished?: (finished: boolean) => void }) {
  const { readingId, initial } = props;
  const [attempt, setAttempt] = useState(0);
  const [s, setS] = useState<State>(() => ({
    reading: initial ?? null,
    text: hasStoredText(initial) ? initial!.interpretation! : '',
    finished: hasStoredText(initial),
    fallback: initial?.status === 'fallback',
    error: null,
    failure: null,
  }));

  // The reading's question and cards, shown above the text while it streams.
  useEffect(() => {
    if (s.reading) return;
    let cancelled = false;
    getReading(readingId)
      .then((r) => !cancelled && setS((p) => ({ ...p, reading: p.reading ?? r })))
      .catch(() => {
        /* the stream's own error (if any) is what the user sees */
      });
    return () => {
      cancelled = true;
    };
  }, [readingId, s.reading]);

  useEffect(() => {
    if (hasStoredText(initial) && attempt === 0) return;
    const ctrl = new AbortController();
    let first = true;
    setS((p) => ({ ...p, text: '', finished: false, fallback: false, error: null, failure: null }));
    streamInterpretation(
      readingId,
      {
        onDelta(piece) {
          if (first) {
            first = false;
            haptic('reveal');
          }
          setS((p) => ({ ...p, text: p.text + piece }));
        },
        onDone(done) {
          setS((p) => ({
            ...p,
            reading: done.reading ?? p.reading,
            finished: true,
            fallback: done.fallback,
            error: done.error,
            // The final text is the stored one when the server sent it (deltas may have been cut short).
            text: done.reading?.interpretation || p.text,
          }));
        },
      },
      ctrl.signal,
    ).catch((err: unknown) => {
      if ((err as Error)?.name === 'AbortError') return;
      haptic('error');
      const message = err instanceof ApiError && err.message ? err.message : FETCH_ERROR;
      setS((p) => ({ ...p, finished: true, failure: message }));
    });
    return () => ctrl.abort();
  }, [readingId, attempt, initial]);

  const { onFinished } = props;
  useEffect(() => {
    onFinished?.(s.finished);
  }, [s.finished, onFinished]);

  const reading = s.reading;
  const waiting = !s.text && !s.finished;
  const showNotice = !!s.text && (s.fallback || !!s.error || !!s.failure);

  return (
    <div className="reading-result">
      {/* The loading view first: after «Получить ответ» it is what the top of the screen shows. */}
      {waiting && <LoadingScreen />}

      {reading && (
        <section className="panel result-head">
          <p className="kicker">{reading.spreadName}</p>
          <blockquote className="question-quote" data-testid="result-question">
            «{reading.question}»
          </blockquote>
          <ol className="result-cards" data-testid="result-cards">
            {reading.cards.map((c, i) => (
              <li key={i} className="result-card" data-testid="result-card">
                <CardImage image={c.image} id={c.cardId} name={c.name} reversed={c.reversed} size="small" position={c.positionName} />
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
      )}

      {(s.failure || s.error) && (
        <ErrorBlock
          title={s.failure ? FETCH_ERROR : 'Не удалось получить толкование ИИ'}
          message={s.failure ?? s.error ?? 'Неизвестная ошибка'}
          onRetry={s.failure ? () => setAttempt((a) => a + 1) : undefined}
        />
      )}

      {showNotice && (
        <p className="notice notice-fallback" data-testid="fallback-notice">
          {FALLBACK_NOTICE}
        </p>
      )}

      {s.text && (
        <article className={`panel interpretation ${s.finished ? '' : 'is-streaming'}`} aria-live="polite" aria-busy={!s.finished}>
          <RichText text={s.text} testId="interpretation-text" />
          {!s.finished && <span className="caret" aria-hidden="true" />}
        </article>
      )}
    </div>
  );
}
