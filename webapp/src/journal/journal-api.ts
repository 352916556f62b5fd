// The journal's calls (server: api/routes/journal.ts): the month's figures and a reading's note.
import { call, client } from '../api';

export const getJournal = (month?: string) => call(client.user.journal.$get({ query: month ? { month } : {} }));
export const saveNote = (readingId: number, note: string) => call(client.readings[':id'].note.$put({ param: { id: String(readingId) }, json: { note } }));
