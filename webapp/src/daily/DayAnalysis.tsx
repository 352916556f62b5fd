// The day analysis on the daily card screen, for a plan that has it.
import { useState } from 'react';
import type { ApiError, DailyCardView } from '../api';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { CrisisHelp } from '../components/CrisisHelp';
import { RichText } from '../components/RichText';
import { detailedGuidance } from '../payments/client';

/** The day analysis of a plan that has it: one tap, written from this card (the server checks the plan). */
export function DayAnalysis({ card }: { card: DailyCardView['card'] }) {
  const [state, setState] = useState<
    | { kind: 'closed' | 'loading' }
    | { kind: 'done'; text: string }
    | { kind: 'error'; message: string }
    | { kind: 'crisis'; answer: CrisisAnswer }
  >({ kind: 'closed' });
  const open = () => {
    setState({ kind: 'loading' });
    detailedGuidance({ cardName: card.name, cardMeaning: card.fullMeaning, dailyPlans: '' })
      .then((r) =>
        setState(
          r.guidance ? { kind: 'done', text: r.guidance } : { kind: 'error', message: 'Анализ дня сейчас недоступен, попробуйте позже' },
        ),
      )
      .catch((e: ApiError) =>
        setState(
          e.crisis
            ? { kind: 'crisis', answer: e.crisis }
            : { kind: 'error', message: e.message || 'Анализ дня сейчас недоступен, попробуйте позже' },
        ),
      );
  };
  return (
    <section className="panel stack" data-testid="daily-analysis">
      {state.kind === 'closed' && (
        <button type="button" className="btn btn-primary btn-block" onClick={open} data-testid="daily-analysis-open">
          Анализ дня
        </button>
      )}
      {state.kind === 'loading' && <span className="spinner spinner-lg" role="status" aria-label="Готовим анализ…" />}
      {state.kind === 'done' && <RichText text={state.text} testId="daily-analysis-text" />}
      {state.kind === 'crisis' && <CrisisHelp answer={state.answer} />}
      {state.kind === 'error' && (
        <>
          <p className="pay-message" role="alert">
            {state.message}
          </p>
          <button type="button" className="btn btn-secondary btn-block" onClick={open}>
            Повторить
          </button>
        </>
      )}
    </section>
  );
}
