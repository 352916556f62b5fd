// The simple daily card: checking → a face-down card to tap → revealed (image, name, the full meaning). Once
// drawn, today's card is what this screen shows all day (home's «Открыть», the bot's buttons and the push
// open it here); paid users may draw again. The detailed advice says before the tap what it costs: the micro
// pack with its price, or nothing for a user who has it (a plan with the day analysis, or a pack bought).
import { useLocation } from 'wouter';
import { CardBack } from '../components/CardImage';
import { Countdown } from '../components/Countdown';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { loadPaidState } from '../payments/daily-paid';
import { usePrices } from '../payments/prices';
import { CardFace } from './CardFace';
import { DailyNote } from './DailyNote';
import { DailyOffers } from './DailyOffers';
import { DayAnalysis } from './DayAnalysis';
import { EmojiStatusOffer } from './EmojiStatusOffer';
import { useDailyCardState } from './useDailyCardState';

export default function DailyCard() {
  const [, navigate] = useLocation();
  const { state, reveal, reload } = useDailyCardState();
  const card = state.kind === 'revealed' ? state.card : null;
  const free = card ? !card.canRedraw : state.kind === 'available' ? !state.info.canRedraw : true;
  const prices = usePrices(!!card);
  // What was bought for today's card (the same answer the advice screen reads): no price for who has it.
  const paid = useApi(card ? keys.dailyEntitlements(card.card.cardId) : null, loadPaidState);
  // A plan with the day analysis (VIP, a week pass) opens it here, one tap away.
  const hasAnalysis = !!paid.data?.ent?.detailedGuidance;

  return (
    <Page back={() => navigate('/')} loading={state.kind === 'checking'} testId="daily-card" className="daily">
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="moon" size={30} />
        </span>
        <h1 className="title">Карта дня</h1>
        <p className="hint">Послание, которое карты приготовили вам на сегодня.</p>
      </header>

      {state.kind === 'checking' && (
        <div className="center">
          <span className="spinner spinner-lg" role="status" aria-label="Проверяем…" />
        </div>
      )}

      {state.kind === 'error' && <ErrorBlock message={state.message} onRetry={state.retry} />}

      {(state.kind === 'available' || state.kind === 'revealing') && (
        <div className="daily-pick">
          <button
            type="button"
            className={`daily-back ${state.kind === 'revealing' ? 'is-revealing' : ''}`}
            onClick={() => state.kind === 'available' && reveal(false, true)}
            disabled={state.kind === 'revealing'}
            aria-label="Открыть карту дня"
            data-testid="daily-card-back"
          >
            <CardBack size="large" />
          </button>
          <p className="deck-hint">{state.kind === 'revealing' ? 'Карта открывается…' : 'Сосредоточьтесь и коснитесь карты'}</p>
        </div>
      )}

      {state.kind === 'revealed' && (
        <>
          <CardFace card={state.card.card} nameTestId="daily-card-name">
            <p className="daily-meaning" data-testid="daily-card-meaning">
              {state.card.today.paragraph}
            </p>
          </CardFace>
          {!state.card.canRedraw && (
            <p className="hint center" data-testid="daily-next">
              Эта карта с вами весь день. Новая — через <Countdown until={state.card.resetsAt} onEnd={reload} testId="daily-countdown" />
            </p>
          )}
          <EmojiStatusOffer cardId={state.card.card.cardId} />
          {state.card.milestone && (
            <p className="milestone" role="status" data-testid="streak-milestone">
              <span aria-hidden="true">🔥 </span>
              {state.card.milestone}
            </p>
          )}
          <section className="panel stack daily-reflect" aria-labelledby="daily-question-title">
            <p className="kicker" id="daily-question-title">
              Вопрос дня
            </p>
            <p className="daily-question" data-testid="daily-question">
              {state.card.today.question}
            </p>
            <DailyNote key={state.card.date} saved={state.card.note} onJournal={() => navigate('/journal')} />
          </section>
          {hasAnalysis && <DayAnalysis card={state.card.card} />}
          <DailyOffers card={state.card} paid={paid.data} prices={prices} free={free} onRedraw={() => reveal(true)} />
        </>
      )}
    </Page>
  );
}
