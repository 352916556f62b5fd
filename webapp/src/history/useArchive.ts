// The archive's pages: ten readings at a time for the current search (GET /api/user/readings); «Показать
// ещё» adds a page, a retry asks again only for the page that failed.
import useSWRInfinite from 'swr/infinite';
import { listReadings, russianOr, type ApiError, type ReadingsPage, type ReadingView } from '../api';
import { keys } from '../data';

const PAGE_SIZE = 10;

export type ArchiveSearch = { q?: string; card?: string };

/** The readings so far, without the repeats a new reading can push from one page onto the next. */
function distinct(pages: ReadingsPage[]): ReadingView[] {
  const seen = new Set<number>();
  return pages.flatMap((p) => p.readings).filter((r) => !seen.has(r.id) && !!seen.add(r.id));
}

export function useArchive(search: ArchiveSearch) {
  const pages = useSWRInfinite<ReadingsPage, ApiError, (i: number, prev: ReadingsPage | null) => [string, number] | null>(
    (i, prev) => (prev && i * PAGE_SIZE >= prev.total ? null : [keys.readings(PAGE_SIZE, i * PAGE_SIZE, search), i * PAGE_SIZE]),
    ([, offset]) => listReadings(PAGE_SIZE, offset, search),
    { revalidateFirstPage: false },
  );
  const loaded = pages.data ?? [];
  const last = loaded[loaded.length - 1];
  const loading = pages.isValidating;
  return {
    items: distinct(loaded),
    total: last ? last.total : null,
    olderHidden: last?.olderHidden ?? 0,
    loading,
    error: pages.error && !loading ? russianOr(pages.error.message, 'Не удалось загрузить архив. Попробуйте ещё раз.') : null,
    more: () => void pages.setSize((n) => n + 1),
    retry: () => void pages.setSize((n) => n),
  };
}
