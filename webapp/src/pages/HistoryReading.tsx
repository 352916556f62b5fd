// One reading from the archive (/history/:id), with its cards and interpretation (streamed if it was never
// interpreted).
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { ApiError, getReading, russianOr, type ReadingView } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { ReadingFooter } from '../components/ReadingFooter';
import { ReadingResult } from '../components/ReadingResult';
import { NoteEditor } from '../journal/NoteEditor';
import { FollowUps } from '../followups/FollowUps';
import { ShareBar } from '../share/ShareBar';

const dateFmt = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export default function HistoryReading() {
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  const readingId = Number(id);
  const [reading, setReading] = useState<ReadingView | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [finished, setFinished] = useState(false);
  const [byCards, setByCards] = useState(false);
  const onFinished = useCallback((done: boolean, cards: boolean) => {
    setFinished(done);
    setByCards(cards);
  }, []);

  useEffect(() => {
    if (!Number.isSafeInteger(readingId) || readingId <= 0) {
      navigate('/history', { replace: true });
      return;
    }
    let cancelled = false;
    setError(null);
    getReading(readingId)
      .then((r) => !cancelled && setReading(r))
      .catch((e: ApiError) => !cancelled && setError(e));
    return () => {
      cancelled = true;
    };
  }, [readingId, attempt, navigate]);

  return (
    <Page back={() => navigate('/history')} loading={!reading && !error} testId="history-reading">
      <h1 className="title">Расклад</h1>
      {reading && <p className="hint">{dateFmt.format(new Date(reading.createdAt))}</p>}
      {error && (
        <ErrorBlock
          message={
            error.status === 404 ? 'Расклад не найден' : error.status === 403 ? 'Это чужой расклад' : russianOr(error.message, 'Не удалось открыть расклад. Попробуйте ещё раз.')
          }
          onRetry={error.status >= 500 || error.status === 0 ? () => setAttempt((a) => a + 1) : undefined}
        >
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/history')}>
            К списку раскладов
          </button>
        </ErrorBlock>
      )}
      {reading && <ReadingResult readingId={reading.id} initial={reading} onFinished={onFinished} />}
      {reading && finished && <ShareBar readingId={reading.id} />}
      {reading && finished && <FollowUps readingId={reading.id} />}
      {reading && <NoteEditor readingId={reading.id} initial={reading.note} />}
      {reading && finished && <ReadingFooter byCards={byCards} />}
    </Page>
  );
}
