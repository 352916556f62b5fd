// The question screen's state: the spread asked about, the question typed (kept in the flow) and whether it may
// go on, an earlier wording the cards were already dealt for, the crisis help a question can call for, and the
// way on to the cards.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { assessCare, type CrisisAnswer, crisisAnswer } from '../../../domain/reading/crisis';
import { hasWords, QUESTION_MAX, QUESTION_MIN } from '../../../domain/reading/question-input';
import { getSpread } from '../../../domain/tarot/spreads';
import { flowKey, setFlow, useFlow } from '../flow';

export function useQuestion() {
  const [, navigate] = useLocation();
  const flow = useFlow();
  const spread = getSpread(flow.spreadType) ?? getSpread('free_daily')!;
  const question = flow.question;
  const trimmed = question.trim().length;
  const words = hasWords(question);
  const valid = trimmed >= QUESTION_MIN && trimmed <= QUESTION_MAX && words;
  // Cards already dealt for an earlier wording of this spread's question: changing it starts a new reading.
  const pending =
    !flow.answered &&
    flow.readingId !== null &&
    flow.dealtFor?.startsWith(`${spread.id}\n`) &&
    flow.dealtFor !== flowKey(spread.id, question)
      ? flow.dealtFor.slice(spread.id.length + 1)
      : null;

  // The next screens load now, so a connection lost while typing does not stop the reading.
  useEffect(() => {
    void import('./Cards').catch(() => {});
    void import('./Interpretation').catch(() => {});
  }, []);

  // A question that speaks of a crisis gets help lines here, before any card is dealt (the server refuses it too).
  const [crisis, setCrisis] = useState<CrisisAnswer | null>(null);

  const submit = () => {
    if (!valid) return;
    const kind = assessCare(question).crisis;
    if (kind) {
      setCrisis(crisisAnswer(kind));
      return;
    }
    // An answered reading is never reopened by asking again: that is a new reading.
    if (flow.answered) setFlow({ readingId: null, dealtFor: null, revealed: 0, answered: false, microPurchaseId: null });
    setFlow({ spreadType: spread.id, question: question.trim() });
    // «Свой расклад»: the user enters the cards of their own deck instead of the server dealing them.
    navigate(flow.ownDeck ? '/own-deck' : '/cards');
  };

  return { navigate, flow, spread, question, trimmed, words, valid, pending, crisis, setCrisis, submit };
}
