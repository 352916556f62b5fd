// A conversation on a finished reading (the server's services/reading-conversation.ts): follow-ups
// («Уточнить») and second opinions («Второе мнение») keep their turns and allowance in the cache, stream each
// answer into it, and share the busy flag, the error, the crisis answer and the way a turn is asked.
import { useState } from 'react';
import type { SWRConfiguration } from 'swr';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import type { ApiError } from '../api';
import { useApi } from '../data';
import { haptic } from '../telegram/bridge';

export function useReadingConversation<L>(key: string, load: () => Promise<L>, config?: SWRConfiguration<L, ApiError>) {
  // A failed load leaves the section hidden: the reading itself is what matters.
  const { data, mutate } = useApi<L>(key, load, config);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A turn that spoke of a crisis: help lines instead of an answer.
  const [crisis, setCrisis] = useState<CrisisAnswer | null>(null);

  /** Changes the cached list in place (the answers stream into it), from the given data before the first load. */
  const change = (f: (l: L) => L) =>
    void mutate(
      (l) => {
        const base = l ?? (config?.fallbackData as L | undefined);
        return base ? f(base) : base;
      },
      { revalidate: false },
    );

  const settle = (start: () => Promise<unknown>, failed: (e: ApiError) => void) => {
    setBusy(true);
    setError(null);
    start()
      .catch(failed)
      .finally(() => setBusy(false));
  };

  /** Asks a new turn; a refusal other than a crisis shows its message and is passed to `refused` (a lock, a spent allowance). */
  const ask = (start: () => Promise<unknown>, refused?: (e: ApiError) => void) =>
    settle(
      () => {
        haptic('draw');
        return start();
      },
      (e) => {
        if (e.crisis) return setCrisis(e.crisis);
        haptic('error');
        setError(e.message);
        refused?.(e);
      },
    );

  /** Tells a turn again; on failure its message, and `undo` puts the turn back as it was. */
  const again = (start: () => Promise<unknown>, undo: () => void) =>
    settle(start, (e) => {
      setError(e.message);
      undo();
    });

  return { data, change, busy, error, crisis, clearCrisis: () => setCrisis(null), ask, again };
}
