// The journal's calls (server: api/routes/user.ts and readings.ts): the month's figures and a reading's note.
import { call, client } from '../api';

/** The month's figures; `exclude` leaves out the readings of the user's own deck («своя колода»). */
export const getJournal = (month?: string, ownDeck: 'include' | 'exclude' = 'include', scope: 'month' | 'all' = 'month') =>
  call(
    client.user.journal.$get({
      query: { ...(month ? { month } : {}), ...(ownDeck === 'exclude' ? { ownDeck } : {}), ...(scope === 'all' ? { scope } : {}) },
    }),
  );
export const saveNote = (readingId: number, note: string) =>
  call(client.readings[':id'].note.$put({ param: { id: String(readingId) }, json: { note } }));
