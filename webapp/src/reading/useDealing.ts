// The cards' dealing: on opening, the screen creates the reading (POST /api/readings), which checks access
// (402 → subscription), takes today's spread (429 → the limit) and deals the cards, while the deck shuffles; a
// closed app comes back through `/cards?reading=<id>` to the same reading, fetched before anything is dealt.
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { useLocation, useSearch } from 'wouter';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { validateQuestion } from '../../../domain/reading/question-input';
import type { SpreadDefinition } from '../../../domain/types';
import { ApiError, createReading, getReading, type ReadingView } from '../api';
import { keys } from '../data';
import { currentReadingId, type Flow, flowKey, getFlow, resumeReading, setFlow } from '../flow';
import { afterReading } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';

export const SHUFFLE_MS = 2000;
/** With reduced motion the deck does not dance: a short pause instead of the shuffle. */
const REDUCED_SHUFFLE_MS = 400;
export const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export type Phase =
  | { kind: 'dealing' }
  | { kind: 'ready'; reading: ReadingView }
  | { kind: 'limit'; resetsAt: string | null; message: string }
  | { kind: 'error'; error: ApiError }
  /** The question spoke of a crisis: help lines, no cards (nothing was charged). */
  | { kind: 'crisis'; answer: CrisisAnswer };

// One creation per spread+question even if the effect runs twice (React StrictMode, fast remounts).
const creating = new Map<string, Promise<ReadingView>>();

function dealReading(spreadType: string, question: string): Promise<ReadingView> {
  const key = flowKey(spreadType, question);
  let p = creating.get(key);
  if (!p) {
    p = createReading(spreadType, question, getFlow().microPurchaseId, getFlow().personId)
      .then((reading) => {
        // Remembered even if the screen was left meanwhile: the spread is charged, the reading is the user's.
        setFlow({ spreadType, question, readingId: reading.id, dealtFor: key, revealed: 0 });
        afterReading();
        return reading;
      })
      .finally(() => setTimeout(() => creating.delete(key), 0));
    creating.set(key, p);
  }
  return p;
}

/** The reading being resumed from `/cards?reading=<id>`: fetched, then the table goes on from the flow. */
function useResume(setShuffling: (v: boolean) => void) {
  const [, navigate] = useLocation();
  // «Продолжить расклад» from a closed app: the reading comes from the server before anything is dealt.
  const resumeId = Number(new URLSearchParams(useSearch()).get('reading')) || null;
  const [resuming, setResuming] = useState(resumeId !== null && resumeId !== currentReadingId());

  useEffect(() => {
    if (!resuming || resumeId === null) return;
    let cancelled = false;
    getReading(resumeId)
      .then((r) => {
        if (cancelled) return;
        // Read meanwhile: the archive shows it with its answer.
        if (!r.inProgress) return navigate(`/history/${r.id}`, { replace: true });
        resumeReading(r);
        if (r.turned > 0) setShuffling(false);
        navigate('/cards', { replace: true });
        setResuming(false);
      })
      .catch(() => {
        if (!cancelled) navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [resuming, resumeId, navigate]);
  return resuming;
}

/** What the server answered for the dealing: the reading, the day's limit, a crisis or an error. */
function dealingRefusal(e: ApiError): Phase {
  if (e.crisis) return { kind: 'crisis', answer: e.crisis };
  haptic('error');
  if (e.status === 429) return { kind: 'limit', resetsAt: e.resetsAt, message: e.message.replace(/\s*Новые расклады через.*$/, '') };
  return { kind: 'error', error: e };
}

export function useDealing(flow: Flow, spread: SpreadDefinition) {
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<Phase>({ kind: 'dealing' });
  const [shuffling, setShuffling] = useState(() => getFlow().revealed === 0);
  const [attempt, setAttempt] = useState(0);
  const questionOk = validateQuestion(flow.question).ok;
  const resuming = useResume(setShuffling);

  useEffect(() => {
    if (!questionOk && !resuming) navigate('/question', { replace: true });
  }, [questionOk, resuming, navigate]);

  // The 2-second shuffle on opening, while the server deals.
  useEffect(() => {
    if (!shuffling) return;
    const t = setTimeout(() => setShuffling(false), reducedMotion() ? REDUCED_SHUFFLE_MS : SHUFFLE_MS);
    return () => clearTimeout(t);
  }, [shuffling]);

  useEffect(() => {
    if (!questionOk || resuming) return;
    let cancelled = false;
    const f = getFlow();
    const spreadType = spread.id;
    const question = f.question.trim();
    const existing = currentReadingId({ ...f, spreadType, question });
    setPhase({ kind: 'dealing' });
    (existing !== null ? getReading(existing) : dealReading(spreadType, question))
      .then((reading) => {
        if (cancelled) return;
        // The server's word on what was turned: a closed app or another device may know more than this one.
        if (reading.inProgress && reading.turned > getFlow().revealed) setFlow({ revealed: reading.turned });
        // The answer's screen shows these cards even if its own load fails.
        void mutate(keys.reading(reading.id), (old: unknown) => old ?? reading, { revalidate: false });
        setPhase({ kind: 'ready', reading });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const e = err instanceof ApiError ? err : new ApiError(0, String((err as Error)?.message ?? err));
        if (existing !== null && (e.status === 404 || e.status === 403)) {
          // The remembered reading is gone: deal a new one.
          setFlow({ readingId: null, dealtFor: null, revealed: 0 });
          setAttempt((a) => a + 1);
          return;
        }
        if (e.status === 402) {
          navigate('/subscription', { replace: true });
          return;
        }
        setPhase(dealingRefusal(e));
      });
    return () => {
      cancelled = true;
    };
  }, [questionOk, resuming, spread.id, attempt, navigate]);
  return { phase, shuffling, setShuffling, resuming, retry: () => setAttempt((a) => a + 1) };
}
