// The interpretation: the question, the spread as it lay, the streamed text with its sections, the error block
// and the basic-interpretation notice, the VIP offer for free users, and the footer with 'New reading' and the
// disclaimer. A failed answer keeps the cards and the retry and offers nothing else.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { ReadingResult, type Failed } from './ReadingResult';
import { ReadingFooter } from './ReadingFooter';
import { invalidate, keys } from '../data';
import { currentReadingId, resetFlow, setFlow, useFlow } from '../flow';
import { FollowUps } from '../followups/FollowUps';
import { SecondOpinion } from '../voices/SecondOpinion';
import { ShareBar } from '../share/ShareBar';

export default function Interpretation() {
  const [, navigate] = useLocation();
  const flow = useFlow();
  const id = currentReadingId(flow);
  // The footer and 'New reading' wait for the whole text: nothing to act on while the cards still speak.
  const [finished, setFinished] = useState(false);
  const [byCards, setByCards] = useState(false);
  const [failed, setFailed] = useState<Failed>(null);
  const [care, setCare] = useState(false);
  const onFinished = useCallback((done: boolean, cards: boolean, why: Failed, opensWithCare: boolean) => {
    setFinished(done);
    setByCards(cards);
    setFailed(why);
    setCare(opensWithCare);
  }, []);
  // A failed answer shows the cards and the retry: nothing to share, ask on, sell or thank for. A reading that
  // opens with care (despair in the question) ends with the reading itself: nothing to share, buy or pitch.
  const answered = finished && !failed;
  const offers = answered && !care;

  useEffect(() => {
    if (id === null) navigate('/', { replace: true });
    else {
      setFlow({ answered: true });
      // Read now: home no longer offers «Продолжить расклад» for it.
      invalidate(keys.readingInProgress);
    }
  }, [id, navigate]);
  if (id === null) return null;

  const newReading = () => {
    resetFlow();
    navigate('/');
  };

  return (
    <Page back={() => navigate('/')} testId="interpretation">
      <h1 className="title">Толкование расклада</h1>
      <ReadingResult readingId={id} onFinished={onFinished} />
      {offers && <ShareBar readingId={id} />}
      {offers && <FollowUps readingId={id} />}
      {offers && <SecondOpinion readingId={id} />}
      {finished && <ReadingFooter byCards={byCards} failed={failed} offers={!care} />}
      <MainAction text="Новый расклад" onClick={newReading} hidden={!finished} testId="new-reading" />
    </Page>
  );
}
