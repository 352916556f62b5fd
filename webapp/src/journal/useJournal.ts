// «Дневник» state: the month shown, whether the user's own deck counts, the period (a month, or «Всё время»,
// VIP's), and the figures for them (GET /api/user/journal). «Всё время» refused with 402 is the lock, not an error.
import { useState } from 'react';
import { keys, useApi } from '../data';
import { getJournal } from './journal-api';

export type JournalData = Awaited<ReturnType<typeof getJournal>>;

export function useJournal() {
  const [month, setMonth] = useState<string | undefined>(undefined);
  // Whether the figures count the readings of the user's own deck («своя колода»).
  const [ownDeck, setOwnDeck] = useState<'include' | 'exclude'>('include');
  // «Всё время» is VIP's; for others the server answers 402 and the screen offers the plan.
  const [scope, setScope] = useState<'month' | 'all'>('month');
  // Another month keeps the shown one until it arrives.
  const {
    data,
    error: failed,
    isValidating,
    reload,
  } = useApi(keys.journal(month, ownDeck, scope), () => getJournal(month, ownDeck, scope), { keepPreviousData: true });
  const locked = scope === 'all' && failed?.status === 402 && !isValidating;
  const error = failed && !isValidating && !locked ? failed.message : null;
  return { data, failed, locked, error, reload, setMonth, ownDeck, setOwnDeck, scope, setScope };
}
