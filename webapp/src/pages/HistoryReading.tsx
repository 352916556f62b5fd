// One reading from the archive (/history/:id), with its cards and interpretation (streamed if it was never
// interpreted).
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { getReading, russianOr, type ReadingView } from '../api';
import { keys, useApi } from '../data';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { ReadingFooter } from '../components/ReadingFooter';
import { ReadingResult } from '../components/ReadingResult';
import { NoteEditor } from '../journal/NoteEditor';
import { FollowUps } from '../followups/FollowUps';
import { SecondOpinion } from '../voices/SecondOpinion';
import { ShareBar } from '../share/ShareBar';

const dateFmt = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export default function HistoryReading() {
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  const readingId = Number(id);
  const valid = Number.isSafeInteger(readingId) && readingId > 0;
  const { data, error: failed, isValidating, reload } = useApi(valid ? keys.reading(readingId) : null, () => getReading(readingId));
  const error = failed && !isValidating ? failed : null;
  // The first answer stays: the text and the note editor start from it, and a reload must not restart them.
  const [pinned, setPinned] = useState<ReadingView | null>(null);
  if (data && data.id === readingId && pinned?.id !== readingId) setPinned(data);
  const reading = pinned?.id === readingId ? pinned : null;
  const [finished, setFinished] = useState(false);
  const [byCards, setByCards] = useState(false);
  const onFinished = useCallback((done: boolean, cards: boolean) => {
    setFinished(done);
    setByCards(cards);
  }, []);

  useEffect(() => {
    if (!valid) navigate('/history', { replace: true });
  }, [valid, navigate]);

  return (
    <Page back={() => navigate('/history')} loading={!reading && !error} testId="history-reading">
      <h1 className="title">Расклад</h1>
      {reading && <p className="hint">{dateFmt.format(new Date(reading.createdAt))}</p>}
      {error && (
        <ErrorBlock
          message={
            error.status === 404
              ? 'Расклад не найден'
              : error.status === 403
                ? 'Это чужой расклад'
                : russianOr(error.message, 'Не удалось открыть расклад. Попробуйте ещё раз.')
          }
          onRetry={reload}
        >
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/history')}>
            К списку раскладов
          </button>
        </ErrorBlock>
      )}
      {reading && <ReadingResult readingId={reading.id} initial={reading} onFinished={onFinished} />}
      {reading && finished && <ShareBar readingId={reading.id} />}
      {reading && finished && <FollowUps readingId={reading.id} />}
      {reading && finished && <SecondOpinion readingId={reading.id} />}
      {reading && <NoteEditor readingId={reading.id} initial={reading.note} />}
      {reading && finished && <ReadingFooter byCards={byCards} />}
    </Page>
  );
}
