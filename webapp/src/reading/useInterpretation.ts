// A reading's interpretation as it streams: the text so far, how it ended (the AI's, the cards', or a failed
// call), «Спросить ИИ ещё раз» and a retry of a failed call. A stored AI text is shown as it is, with no call.
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { mutate } from 'swr';
import { opensWithCare } from '../../../domain/reading/care';
import { ApiError, getReading, type ReadingView, russianOr } from '../api';
import { keys, useApi } from '../data';
import { streamInterpretation } from '../stream';
import { haptic } from '../telegram/bridge';

export const FETCH_ERROR = 'Произошла ошибка при получении интерпретации';

export interface InterpretationState {
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

export const failedOf = (s: InterpretationState): Failed =>
  !s.finished ? null : s.failure && !s.text ? 'call' : s.reason === 'ai_failed' ? 'ai' : null;

/** Streams the interpretation into the state: the deltas as they come, then how it ended, or why the call failed. */
function streamText(readingId: number, retry: boolean, setS: Dispatch<SetStateAction<InterpretationState>>, signal: AbortSignal) {
  let first = true;
  return streamInterpretation(
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
    signal,
    { retry },
  ).catch((err: unknown) => {
    if ((err as Error)?.name === 'AbortError') return;
    haptic('error');
    const message = russianOr(err instanceof ApiError ? err.message : null, FETCH_ERROR);
    // A failed «ask again» keeps the card-based text and the button: the reading is not lost.
    setS((p) => ({ ...p, finished: true, failure: message, canRetry: retry ? true : p.canRetry }));
  });
}

/** `failed`: no answer was had ('call': the call failed outright; 'ai': the AI failed and the cards wrote it).
 * `care`: the reading opens with the caring line (the concern tier). */
type OnFinished = (finished: boolean, byCards: boolean, failed: Failed, care: boolean) => void;

export function useInterpretation(readingId: number, initial: ReadingView | undefined, onFinished: OnFinished | undefined) {
  const [attempt, setAttempt] = useState(0);
  const [retry, setRetry] = useState(false);
  const [s, setS] = useState<InterpretationState>(() => ({
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
    // Asking the AI again keeps the card-based text on screen until the AI's first words arrive.
    setS((p) =>
      retry
        ? { ...p, finished: false, canRetry: false, failure: null }
        : { ...p, text: '', finished: false, fallback: false, reason: null, canRetry: false, notice: null, failure: null },
    );
    void streamText(readingId, retry, setS, ctrl.signal);
    return () => ctrl.abort();
    // `retry` changes together with `attempt`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readingId, attempt, initial]);

  useEffect(() => {
    onFinished?.(s.finished, s.fallback, failedOf(s), opensWithCare(s.text));
  }, [s, onFinished]);

  const reading = s.reading ?? loaded ?? null;
  const askAgain = () => {
    setRetry(true);
    setAttempt((a) => a + 1);
  };
  const callAgain = () => {
    setRetry(false);
    setAttempt((a) => a + 1);
  };
  return { s, reading, askAgain, callAgain };
}
