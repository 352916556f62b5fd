// The detailed day analysis: the user's plans for the day (optional), then the analysis, the crisis help
// lines if the plans spoke of a crisis, or an error; without a plan that opens it, the subscription screen.
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../api';
import { detailedGuidance } from '../payments/client';
import type { DailyCard } from './useDailyDraw';

const GUIDANCE_EMPTY = 'Подробная интерпретация временно недоступна';
const GUIDANCE_ERROR = 'Ошибка получения подробной интерпретации';

export type Guidance =
  | { kind: 'closed' }
  | { kind: 'plans' }
  | { kind: 'loading' }
  | { kind: 'done'; text: string }
  | { kind: 'error'; message: string }
  /** The plans spoke of a crisis: the help lines instead of an analysis. */
  | { kind: 'crisis'; answer: CrisisAnswer };

export function useDailyGuidance(card: DailyCard) {
  const [, navigate] = useLocation();
  const [guidance, setGuidance] = useState<Guidance>({ kind: 'closed' });
  const [plans, setPlans] = useState('');
  const ask = async (withPlans: boolean) => {
    setGuidance({ kind: 'loading' });
    try {
      const r = await detailedGuidance({ cardName: card.name, cardMeaning: card.fullMeaning, dailyPlans: withPlans ? plans.trim() : '' });
      setGuidance(r.guidance ? { kind: 'done', text: r.guidance } : { kind: 'error', message: GUIDANCE_EMPTY });
    } catch (e) {
      if (e instanceof ApiError && e.status === 402) return navigate('/subscription');
      if (e instanceof ApiError && e.crisis) return setGuidance({ kind: 'crisis', answer: e.crisis });
      setGuidance({ kind: 'error', message: e instanceof ApiError && e.status === 0 ? GUIDANCE_ERROR : GUIDANCE_EMPTY });
    }
  };
  return { guidance, open: () => setGuidance({ kind: 'plans' }), plans, setPlans, ask };
}
