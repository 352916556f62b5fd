// The simple daily card: checking → a face-down card to tap → revealed (image, name,
// meaning), or 'already received' for a free user who drew today's card. The server deals the card; paid
// users may draw again.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { dailyCardAvailable, drawDailyCard, type ApiError, type DailyCardAvailability, type DailyCardView } from '../api';
import { CardFace } from '../components/CardFace';
import { CardBack, CardImage } from '../components/CardImage';
import { Countdown } from '../components/Countdown';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { VipOffer } from '../components/VipOffer';
import { keys, useApi } from '../data';
import { afterDailyCard } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { haptic } from '../telegram/bridge';

type State =
  | { kind: 'checking' }
  | { kind: 'available'; info: DailyCardAvailability }
  | { kind: 'revealing'; info: DailyCardAvailability }
  | { kind: 'revealed'; card: DailyCardView }
  | { kind: 'already'; info: DailyCardAvailability }
  | { kind: 'error'; message: string; retry: () => void };

/** A draw on this screen: under way from the face-down card, done, or failed. */
type Draw = { kind: 'none' } | { kind: 'revealing' } | { kind: 'drawn'; card: DailyCardView } | { kind: 'failed'; message: string; redraw: boolean };

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
              : info.today && !info.available
                ? { kind: 'already', info }
                : info.today
                  ? { kind: 'revealed', card: info.today }
                  : { kind: 'available', info };

  const free = state.kind === 'revealed' ? !state.card.canRedraw : state.kind === 'available' || state.kind === 'already' ? !state.info.canRedraw : true;
  const prices = usePrices(free && state.kind !== 'checking');
  const basicPrice = prices.monthly('basic');
  const vipPrice = prices.monthly('vip');

  return (
    <Page back={() => navigate('/')} loading={state.kind === 'checking'} testId="daily-card" className="daily">
      <header className="screen-head">
        <span className="screen-icon"><Icon name="moon" size={30} /></span>
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
          {state.card.milestone && (
            <p className="milestone" role="status" data-testid="streak-milestone">
              <span aria-hidden="true">🔥 </span>
              {state.card.milestone}
            </p>
          )}
          <div className="stack">
            <button type="button" className="btn btn-primary btn-block" onClick={() => navigate('/interactive-daily-card')} data-testid="daily-advice">
              Получить подробный совет
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

      {state.kind === 'already' && (
        <>
          <section className="panel center" data-testid="daily-card-already">
            <h2>Вы уже получили карту дня! Возвращайтесь завтра</h2>
            <p>
              Новая карта через <Countdown until={state.info.resetsAt} onEnd={reload} testId="daily-countdown" />
            </p>
            {state.info.today && (
              <div className="already-card">
                <CardImage image={state.info.today.card.image} name={state.info.today.card.name} reversed={state.info.today.card.reversed} size="medium" />
                <div>
                  <p className="kicker">Ваша карта сегодня</p>
                  <strong data-testid="daily-today-name">{state.info.today.card.name}</strong>
                  <p className="hint">{state.info.today.card.fullMeaning}</p>
                </div>
              </div>
            )}
          </section>
          {free && <VipOffer title="Карты без ограничений" cta={vipPrice ? `VIP за ${vipPrice}` : 'Оформить VIP'} />}
        </>
      )}
    </Page>
  );
}
