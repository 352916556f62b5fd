// The journal's calls: the month's figures and a reading's note.
import { api } from '../api';
import type { JournalView } from '../../../services/journal';

export type { JournalView } from '../../../services/journal';

export const getJournal = (month?: string) => api<JournalView>(`/api/user/journal${month ? `?month=${month}` : ''}`);
export const saveNote = (readingId: number, note: string) =>
  api<{ note: string | null; noteUpdatedAt: string | null }>(`/api/readings/${readingId}/note`, { method: 'PUT', json: { note } });
