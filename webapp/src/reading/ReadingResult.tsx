// A reading with its interpretation: the question, the turned cards, and the text, streamed from
// GET /api/readings/:id/interpretation and rendered as it arrives. A text the cards wrote is labelled honestly,
// with no error box: without an AI that is simply the product's interpretation; when the AI failed, a calm note
// and «Спросить ИИ ещё раз», which sends the same cards again at no cost. Only Russian reaches the screen.
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { ApiError, getReading, russianOr, type ReadingView } from '../api';
import { streamInterpretation } from '../stream';
import { keys, useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { CONCERN_OPENING, opensWithCare } from '../../../domain/reading/care';
import { SpreadTable } from './SpreadTable';
import { CareOpening } from './CareOpening';
import { ReviewPrompt } from './ReviewPrompt';
import { ErrorBlock } from '../components/ErrorBlock';
import { LoadingScreen } from '../components/LoadingScreen';
import { RichText } from '../components/RichText';
import { ReadAloud } from '../speech/ReadAloud';

export const FALLBACK_NOTICE = 'Толкование составлено по классическим значениям карт';
export const AI_FAILED_NOTE =
  'ИИ-толкователь сейчас не ответил, поэтому здесь толкование по классическим значениям карт. Расклад сохранён: чуть позже можно спросить ИИ ещё раз — бесплатно, по тем же картам.';
export const ASK_AI_AGAIN = 'Спросить ИИ ещё раз';
export const FETCH_ERROR = 'Произошла ошибка при получении интерпретации';

interface State {
  reading: ReadingView | null;
  text: string;
  finished: boolean;
  fallback: boolean;
  /** Why the cards wrote the text (null for an AI text). */
  reason: 'no_ai' | 'ai_failed' | null;
  canRetry: boolean;
  notice: string | null;
  /** The call itself failed. */
  failure: string | null;
}

/** How an answer failed, if it did: the screen then offers the retry and nothing to sell or share. */
export type Failed = 'call' | 'ai' | null;

const hasStoredText = (r: ReadingView | null | undefined) => !!r && !!r.interpretation && r.status !== 'dealt';

const failedOf = (s: State): Failed => (!s.finished ? null : s.failure && !s.text ? 'call' : s.reason === 'ai_failed' ? 'ai' : null);

export function ReadingResult(props: {
  readingId: number;
  initial?: ReadingView;
  /** `failed`: no answer was had ('call': the call failed outright; 'ai': the AI failed and the cards wrote it). */
  /** `care`: the reading opens with the caring line (the concern tier). */
  onFinished?: (finished: boolean, byCards: boolean, failed: Failed, care: boolean) => void;
}) {
  const { readingId, initial } = props;
  const [attempt, setAttempt] = useState(0);
  const [retry, setRetry] = useState(false);
  const [s, setS] = useState<State>(() => ({
    reading: initial ?? null,
    text: hasStoredText(initial) ? initial!.interpretation! : '',
    finished: hasStoredText(initial),
    fallback: initial?.status === 'fallback',
    reason: null,
    canRetry: false,
    notice: null,
    failure: null,
  }));

  // The reading's question and cards, shown above the text while it streams (a failed load shows nothing:
  // the stream's own error, if any, is what the user sees).
  const { data: loaded } = useApi(initial ? null : keys.reading(readingId), () => getReading(readingId));

  useEffect(() => {
    // A stored AI text needs no call; a stored card-based one asks the server whether the AI can be asked again.
    if (hasStoredText(initial) && initial!.status === 'done' && attempt === 0) return;
    const ctrl = new AbortController();
    let first = true;
    // Asking the AI again keeps the card-based text on screen until the AI's first words arrive.
    setS((p) =>
      retry
        ? { ...p, finished: false, canRetry: false, failure: null }
        : { ...p, text: '', finished: false, fallback: false, reason: null, canRetry: false, notice: null, failure: null },
    );
    streamInterpretation(
      readingId,
      {
        onDelta(piece) {
          if (first) {
            first = false;
            haptic('reveal');
            // Asking again: the new text replaces the card-based one as soon as it starts.
            setS((p) => ({ ...p, text: retry ? piece : p.text + piece }));
            return;
          }
          setS((p) => ({ ...p, text: p.text + piece }));
        },
        onDone(done) {
          // The stored reading now has its text: the archive opens it as it is.
          if (done.reading) void mutate(keys.reading(readingId), done.reading, { revalidate: false });
          setS((p) => ({
            ...p,
            reading: done.reading ?? p.reading,
            finished: true,
            fallback: done.fallback,
            reason: done.fallback ? (done.fallbackReason ?? 'ai_failed') : null,
            canRetry: done.canRetry,
            notice: done.notice,
            // The final text is the stored one when the server sent it (deltas may have been cut short).
            text: done.reading?.interpretation || p.text,
          }));
        },
      },
      ctrl.signal,
      { retry },
    ).catch((err: unknown) => {
      if ((err as Error)?.name === 'AbortError') return;
      haptic('error');
      const message = russianOr(err instanceof ApiError ? err.message : null, FETCH_ERROR);
      // A failed «ask again» keeps the card-based text and the button: the reading is not lost.
      setS((p) => ({ ...p, finished: true, failure: message, canRetry: retry ? true : p.canRetry }));
    });
    return () => ctrl.abort();
    // `retry` changes together with `attempt`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readingId, attempt, initial]);

  const { onFinished } = props;
  useEffect(() => {
    onFinished?.(s.finished, s.fallback, failedOf(s), opensWithCare(s.text));
  }, [s, onFinished]);

  const reading = s.reading ?? loaded ?? null;
  const waiting = !s.text && !s.finished;
  const byCards = !!s.text && s.fallback;
  const care = opensWithCare(s.text);
  const body = care ? s.text.slice(CONCERN_OPENING.length).trimStart() : s.text;
  const askAgain = () => {
    setRetry(true);
    setAttempt((a) => a + 1);
  };

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
      )}

      {/* Only a call that failed outright (no text at all) is an error. */}
      {s.failure && !s.text && (
        <ErrorBlock
          title={FETCH_ERROR}
          message={s.failure}
          onRetry={() => {
            setRetry(false);
            setAttempt((a) => a + 1);
          }}
        />
      )}

      {/* The concern tier: the caring line and the help line open the reading (the text starts with them). */}
      {care && <CareOpening />}

      {byCards && (
        <div className="notice notice-fallback" data-testid="fallback-notice">
          {s.reason !== 'ai_failed' && <p className="notice-label">{FALLBACK_NOTICE}</p>}
          {s.reason === 'ai_failed' && (
            <p data-testid="ai-failed-note">{s.notice && !/[A-Za-z]/.test(s.notice) ? s.notice : AI_FAILED_NOTE}</p>
          )}
          {s.failure && s.text && <p data-testid="ask-again-failed">{s.failure}</p>}
          {s.canRetry && s.finished && (
            <button type="button" className="btn btn-secondary" data-testid="ask-ai-again" onClick={askAgain}>
              {ASK_AI_AGAIN}
            </button>
          )}
        </div>
      )}

      {body && (
        <article className={`panel interpretation ${s.finished ? '' : 'is-streaming'}`} aria-live="polite" aria-busy={!s.finished}>
          <RichText text={body} testId="interpretation-text" />
          {!s.finished && <span className="caret" aria-hidden="true" />}
        </article>
      )}

      {s.finished && s.text && !failedOf(s) && <ReadAloud readingId={readingId} />}

      {/* A review is asked of an answer the user had, not of the AI's failure. */}
      {s.finished && s.text && !failedOf(s) && <ReviewPrompt readingId={readingId} />}
    </div>
  );
}
