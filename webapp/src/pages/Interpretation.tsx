// The interpretation: the question, the numbered cards, the streamed text with its sections,
// the error block and the basic-interpretation notice, the VIP offer for free users, and the footer with
// 'New reading' and the disclaimer.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { ReadingResult } from '../components/ReadingResult';
import { ReadingFooter } from '../components/ReadingFooter';
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
  const onFinished = useCallback((done: boolean, cards: boolean) => {
    setFinished(done);
    setByCards(cards);
  }, []);

  useEffect(() => {
    if (id === null) navigate('/', { replace: true });
    else setFlow({ answered: true });
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
      {finished && <ShareBar readingId={id} />}
      {finished && <FollowUps readingId={id} />}
      {finished && <SecondOpinion readingId={id} />}
      {finished && <ReadingFooter byCards={byCards} />}
      <MainAction text="Новый расклад" onClick={newReading} hidden={!finished} testId="new-reading" />
    </Page>
  );
}
