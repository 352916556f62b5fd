// The detailed day analysis on the daily card: open with a plan that includes it, locked (to the subscription
// screen) for everyone else.
import { useLocation } from 'wouter';
import { CrisisHelp } from '../components/CrisisHelp';
import { Icon } from '../components/Icon';
import { RichText } from '../components/RichText';
import type { DailyCard } from './useDailyDraw';
import { useDailyGuidance } from './useDailyGuidance';

export function DailyGuidance({ card, open }: { card: DailyCard; open: boolean }) {
  const [, navigate] = useLocation();
  // The analysis's state lives here, above the lock, as it did on the whole screen.
  const state = useDailyGuidance(card);
  return (
    <section className="panel stack" data-testid="guidance">
      {open ? (
        <GuidanceOpen state={state} />
      ) : (
        <>
          <p className="hint" data-testid="guidance-why">
            Подробный анализ дня по вашей карте открывается с подпиской или после покупки микро-пакета.
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-block locked"
            onClick={() => navigate('/subscription')}
            data-testid="guidance-locked"
          >
            <Icon name="lock" size={16} /> Подробный анализ дня — с подпиской
          </button>
        </>
      )}
    </section>
  );
}

function GuidanceOpen({ state }: { state: ReturnType<typeof useDailyGuidance> }) {
  const { guidance, open, plans, setPlans, ask } = state;
  return (
    <>
      {guidance.kind === 'closed' && (
        <button type="button" className="btn btn-primary btn-block" onClick={open} data-testid="guidance-open">
          Подробный анализ дня
        </button>
      )}
      {guidance.kind === 'plans' && (
        <div className="plans-input">
          <label htmlFor="daily-plans">Ваши планы на сегодня (необязательно)</label>
          <textarea
            id="daily-plans"
            className="textarea"
            maxLength={500}
            rows={3}
            value={plans}
            onChange={(e) => setPlans(e.target.value)}
            placeholder="Например: важная встреча, разговор с близким, тренировка"
            data-testid="guidance-plans"
          />
          <div className="row">
            <button type="button" className="btn btn-secondary" onClick={() => ask(false)} data-testid="guidance-skip">
              Пропустить
            </button>
            <button type="button" className="btn btn-primary" onClick={() => ask(true)} data-testid="guidance-submit">
              Получить анализ
            </button>
          </div>
        </div>
      )}
      {guidance.kind === 'loading' && <span className="spinner spinner-lg" role="status" aria-label="Готовим анализ…" />}
      {guidance.kind === 'done' && <RichText text={guidance.text} testId="guidance-text" />}
      {guidance.kind === 'crisis' && <CrisisHelp answer={guidance.answer} />}
      {guidance.kind === 'error' && (
        <p className="pay-message" role="alert" data-testid="guidance-error">
          {guidance.message}
        </p>
      )}
    </>
  );
}
