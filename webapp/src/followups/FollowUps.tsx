// «Уточнить» under an interpretation (and in the history): the follow-ups asked so far with their clarifying
// cards and answers, a field for the next question while the plan allows one, the locked state with the
// offer for free users, and «ask the AI again» for a card-based answer (at no cost).
import { useLocation } from 'wouter';
import { CrisisHelp } from '../components/CrisisHelp';
import { Icon } from '../components/Icon';
import { FollowUpArticle } from './FollowUpArticle';
import { FollowUpForm } from './FollowUpForm';
import type { FollowUpAllowance, FollowUpView } from './follow-up-api';
import { useFollowUps } from './useFollowUps';
import './follow-ups.css';

export function FollowUps(props: { readingId: number; initial?: { followUps: FollowUpView[]; allowance: FollowUpAllowance } }) {
  const [, navigate] = useLocation();
  const { items, allowance, question, setQuestion, valid, busy, error, crisis, clearCrisis, submit, retry } = useFollowUps(
    props.readingId,
    props.initial,
  );

  if (!allowance) return null;

  return (
    <section className="follow-ups" data-testid="follow-ups" aria-label="Уточнить расклад">
      <h2 className="section-title">Уточнить расклад</h2>
      {items.map((f) => (
        <FollowUpArticle key={f.id} f={f} busy={busy} onRetry={() => retry(f)} />
      ))}

      {crisis ? (
        <CrisisHelp answer={crisis} onChangeQuestion={clearCrisis} />
      ) : allowance.locked ? (
        <div className="panel follow-up-locked" data-testid="follow-up-locked">
          <p>
            <Icon name="lock" size={18} /> <strong>Уточняющие вопросы — с подпиской.</strong> Задайте картам вопрос вдогонку: они вытянут
            ещё одну карту и ответят с учётом всего расклада. VIP — три уточнения к каждому раскладу, базовая подписка и «Неделя безлимита»
            — одно.
          </p>
          <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')} data-testid="follow-up-offer">
            Открыть уточнения
          </button>
        </div>
      ) : allowance.remaining > 0 ? (
        <FollowUpForm question={question} onQuestion={setQuestion} allowance={allowance} valid={valid} busy={busy} onSubmit={submit} />
      ) : (
        <p className="hint follow-up-spent" data-testid="follow-up-spent">
          Уточнения к этому раскладу закончились ({allowance.used} из {allowance.limit}). Новый вопрос — новый расклад.
        </p>
      )}
      {error && (
        <p className="field-hint is-error" role="alert" data-testid="follow-up-error">
          {error}
        </p>
      )}
    </section>
  );
}
