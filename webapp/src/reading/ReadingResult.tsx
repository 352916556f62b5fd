// A reading with its interpretation: the question, the turned cards, and the text, streamed from
// GET /api/readings/:id/interpretation and rendered as it arrives (useInterpretation). A text the cards wrote is
// labelled honestly, with no error box: without an AI that is simply the product's interpretation; when the AI
// failed, a calm note and «Спросить ИИ ещё раз», which sends the same cards again at no cost. Only Russian
// reaches the screen.
import { CONCERN_OPENING, opensWithCare } from '../../../domain/reading/care';
import type { ReadingView } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { LoadingScreen } from '../components/LoadingScreen';
import { RichText } from '../components/RichText';
import { ReadAloud } from '../speech/ReadAloud';
import { CareOpening } from './CareOpening';
import { ResultHead } from './ResultHead';
import { ReviewPrompt } from './ReviewPrompt';
import { FETCH_ERROR, type Failed, failedOf, type InterpretationState, useInterpretation } from './useInterpretation';

export type { Failed };

export const FALLBACK_NOTICE = 'Толкование составлено по классическим значениям карт';
export const AI_FAILED_NOTE =
  'ИИ-толкователь сейчас не ответил, поэтому здесь толкование по классическим значениям карт. Расклад сохранён: чуть позже можно спросить ИИ ещё раз — бесплатно, по тем же картам.';
export const ASK_AI_AGAIN = 'Спросить ИИ ещё раз';

export function ReadingResult(props: {
  readingId: number;
  initial?: ReadingView;
  /** `failed`: no answer was had ('call': the call failed outright; 'ai': the AI failed and the cards wrote it). */
  /** `care`: the reading opens with the caring line (the concern tier). */
  onFinished?: (finished: boolean, byCards: boolean, failed: Failed, care: boolean) => void;
}) {
  const { readingId } = props;
  const { s, reading, askAgain, callAgain } = useInterpretation(readingId, props.initial, props.onFinished);
  const waiting = !s.text && !s.finished;
  const byCards = !!s.text && s.fallback;
  const care = opensWithCare(s.text);
  const body = care ? s.text.slice(CONCERN_OPENING.length).trimStart() : s.text;

  return (
    <div className="reading-result">
      {/* The loading view first: after «Получить ответ» it is what the top of the screen shows. */}
      {waiting && <LoadingScreen />}

      {reading && <ResultHead reading={reading} />}

      {/* Only a call that failed outright (no text at all) is an error. */}
      {s.failure && !s.text && <ErrorBlock title={FETCH_ERROR} message={s.failure} onRetry={callAgain} />}

      {/* The concern tier: the caring line and the help line open the reading (the text starts with them). */}
      {care && <CareOpening />}

      {byCards && <FallbackNotice s={s} onAskAgain={askAgain} />}

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

/** The label of a text the cards wrote: why (no AI, or the AI failed), and «Спросить ИИ ещё раз» when it may be. */
function FallbackNotice({ s, onAskAgain }: { s: InterpretationState; onAskAgain: () => void }) {
  return (
    <div className="notice notice-fallback" data-testid="fallback-notice">
      {s.reason !== 'ai_failed' && <p className="notice-label">{FALLBACK_NOTICE}</p>}
      {s.reason === 'ai_failed' && <p data-testid="ai-failed-note">{s.notice && !/[A-Za-z]/.test(s.notice) ? s.notice : AI_FAILED_NOTE}</p>}
      {s.failure && s.text && <p data-testid="ask-again-failed">{s.failure}</p>}
      {s.canRetry && s.finished && (
        <button type="button" className="btn btn-secondary" data-testid="ask-ai-again" onClick={onAskAgain}>
          {ASK_AI_AGAIN}
        </button>
      )}
    </div>
  );
}
