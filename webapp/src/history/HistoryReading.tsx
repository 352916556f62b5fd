// One reading from the archive (/history/:id), with its cards and interpretation (streamed if it was never
// interpreted); a reading never finished shows only its turned cards and «Продолжить расклад».
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { getReading, russianOr, type ReadingView } from '../api';
import { keys, useApi } from '../data';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { ReadingFooter } from '../reading/ReadingFooter';
import { ReadingResult, type Failed } from '../reading/ReadingResult';
import { NoteEditor } from '../journal/NoteEditor';
import { FollowUps } from '../followups/FollowUps';
import { SecondOpinion } from '../voices/SecondOpinion';
import { ShareBar } from '../share/ShareBar';
import { UnfinishedReading } from '../components/ContinueReading';

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
  const [answerFailed, setAnswerFailed] = useState<Failed>(null);
  const onFinished = useCallback((done: boolean, cards: boolean, why: Failed) => {
    setFinished(done);
    setByCards(cards);
    setAnswerFailed(why);
  }, []);
  // A failed answer shows the cards and the retry: nothing to share, ask on, sell or thank for.
  const answered = finished && !answerFailed;

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
      {/* Never finished: the cards turned so far and the way back to the table, no answer asked for here. */}
      {reading?.inProgress && <UnfinishedReading reading={reading} />}
      {reading && !reading.inProgress && <ReadingResult readingId={reading.id} initial={reading} onFinished={onFinished} />}
      {reading && answered && <ShareBar readingId={reading.id} />}
      {reading && answered && <FollowUps readingId={reading.id} />}
      {reading && answered && <SecondOpinion readingId={reading.id} />}
      {reading && !reading.inProgress && <NoteEditor readingId={reading.id} initial={reading.note} />}
      {reading && finished && <ReadingFooter byCards={byCards} failed={answerFailed} />}
    </Page>
  );
}
