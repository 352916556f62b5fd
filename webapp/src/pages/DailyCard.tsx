// The simple daily card: checking → a face-down card to tap → revealed (image, name, the full meaning). Once
// drawn, today's card is what this screen shows all day (home's «Открыть», the bot's buttons and the push
// open it here); paid users may draw again. The detailed advice says before the tap what it costs: the micro
// pack with its price, or nothing for a user who has it (a plan with the day analysis, or a pack bought).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { dailyCardAvailable, drawDailyCard, type ApiError, type DailyCardAvailability, type DailyCardView } from '../api';
import { CardFace } from '../components/CardFace';
import { MICRO_PACK, PRODUCT_INFO } from '../../../domain/catalogue';
import { CardBack } from '../components/CardImage';
import { Countdown } from '../components/Countdown';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { afterDailyCard } from '../hooks/useStatus';
import { loadPaidState } from '../payments/daily-paid';
import { tagOf, usePrices } from '../payments/prices';
import { haptic } from '../telegram/bridge';

type State =
  | { kind: 'checking' }
  | { kind: 'available'; info: DailyCardAvailability }
  | { kind: 'revealing'; info: DailyCardAvailability }
  | { kind: 'revealed'; card: DailyCardView }
  | { kind: 'error'; message: string; retry: () => void };

/** A draw on this screen: under way from the face-down card, done, or failed. */
type Draw =
  | { kind: 'none' }
  | { kind: 'revealing' }
  | { kind: 'drawn'; card: DailyCardView }
  | { kind: 'failed'; message: string; redraw: boolean };

export default function DailyCard() {
  const [, navigate] = useLocation();
  const { data: info, error, isValidating, reload } = useApi(keys.dailyCard, dailyCardAvailable);
  const [draw, setDraw] = useState<Draw>({ kind: 'none' });

  const reveal = (redraw: boolean, fromBack = false) => {
    if (fromBack) setDraw({ kind: 'revealing' });
    haptic('draw');
    drawDailyCard(redraw)
      .then((card) => {
        haptic('reveal');
        setDraw({ kind: 'drawn', card });
        afterDailyCard(card);
      })
      .catch((e: ApiError) => {
        haptic('error');
        setDraw({ kind: 'failed', message: e.message, redraw });
      });
  };

  const state: State =
    draw.kind === 'failed'
      ? { kind: 'error', message: draw.message, retry: () => reveal(draw.redraw) }
      : draw.kind === 'drawn'
        ? { kind: 'revealed', card: draw.card }
        : !info && (!error || isValidating)
          ? { kind: 'checking' }
          : !info
            ? { kind: 'error', message: error!.message, retry: reload }
            : draw.kind === 'revealing'
              ? { kind: 'revealing', info }
              : info.today
                ? { kind: 'revealed', card: info.today }
                : { kind: 'available', info };

  const card = state.kind === 'revealed' ? state.card : null;
  const free = card ? !card.canRedraw : state.kind === 'available' ? !state.info.canRedraw : true;
  const prices = usePrices(!!card);
  const basicPrice = free ? prices.monthly('basic') : null;
  // What was bought for today's card (the same answer the advice screen reads): no price for who has it.
  const paid = useApi(card ? keys.dailyEntitlements(card.card.cardId) : null, loadPaidState);
  const hasAdvice = !!paid.data && (!!paid.data.ent?.detailedGuidance || !!paid.data.reveal);
  const microPrice = prices.pricing?.micro.available && paid.data && !hasAdvice ? prices.show(tagOf(prices.pricing, 'micro')) : null;

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
              {state.card.card.fullMeaning}
            </p>
          </CardFace>
          {!state.card.canRedraw && (
            <p className="hint center" data-testid="daily-next">
              Эта карта с вами весь день. Новая — через <Countdown until={state.card.resetsAt} onEnd={reload} testId="daily-countdown" />
            </p>
          )}
          {state.card.milestone && (
            <p className="milestone" role="status" data-testid="streak-milestone">
              <span aria-hidden="true">🔥 </span>
              {state.card.milestone}
            </p>
          )}
          <div className="stack">
            {microPrice && (
              <p className="hint center" data-testid="daily-advice-what">
                Платно: {PRODUCT_INFO.micro.name} — ещё {MICRO_PACK.extraCards} карты и личный совет на день
              </p>
            )}
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => navigate('/interactive-daily-card')}
              data-testid="daily-advice"
            >
              {microPrice ? `Подробный совет — ${microPrice}` : 'Получить подробный совет'}
            </button>
            {state.card.canRedraw ? (
              <button type="button" className="btn btn-secondary btn-block" onClick={() => reveal(true)} data-testid="daily-redraw">
                Выбрать новую карту (VIP)
              </button>
            ) : (
              <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')} data-testid="daily-more">
                {/* Basic is the cheapest plan that draws again; the pitch names the plan whose price it quotes. */}
                {basicPrice ? `Хочу больше карт! Basic за ${basicPrice}` : 'Хочу больше карт!'}
              </button>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
