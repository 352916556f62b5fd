// A reading in one of the user's own spreads: the question, the deal on the server, the cards drawn so far,
// and «Получить ответ», which hands the reading to the interpretation screen.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { validateQuestion } from '../../../domain/reading/question-input';
import { ApiError, type ReadingView } from '../api';
import { flowKey, getFlow, setFlow } from '../flow';
import { afterReading } from '../hooks/useStatus';
import { dealSpread } from './spreads-api';

export function useCustomDeal(id: number) {
  const [, navigate] = useLocation();
  const [question, setQuestion] = useState('');
  const [reading, setReading] = useState<ReadingView | null>(null);
  const [drawn, setDrawn] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = validateQuestion(question).ok;

  const deal = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await dealSpread(id, question.trim(), getFlow().personId ?? null);
      setReading(r);
      afterReading();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Не удалось разложить карты');
    } finally {
      setBusy(false);
    }
  };
  const answer = () => {
    if (!reading) return;
    setFlow({
      spreadType: 'custom',
      question: reading.question,
      readingId: reading.id,
      dealtFor: flowKey('custom', reading.question),
      revealed: reading.total,
      answered: false,
    });
    navigate('/interpretation');
  };

  return { question, setQuestion, reading, drawn, setDrawn, error, busy, valid, deal, answer };
}
