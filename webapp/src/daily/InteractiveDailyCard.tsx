// The interactive daily card: tap to draw (a 1.5 s spinner; the server deals), the card
// and a short AI message, the micro pack paywall with its 15-minute promo, the week offer, and the detailed
// day analysis (paid plans, a week pass or a micro pack; locked for everyone else). Each is its own hook and
// component beside this screen: useDailyDraw, useMicroPack/DailyMicroPack, useDailyWeekOffer/DailyWeekOffer,
// DailyGuidance.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { RichText } from '../components/RichText';
import { keys, useApi } from '../data';
import { useStatus } from '../hooks/useStatus';
import { getPricing, track } from '../payments/client';
import { pricesFor } from '../payments/prices';
import { CardFace } from './CardFace';
import { DailyDrawArea } from './DailyDrawArea';
import { DailyGuidance } from './DailyGuidance';
import { DailyMicroPack } from './DailyMicroPack';
import { DailyWeekOffer } from './DailyWeekOffer';
import { useDailyDraw, useDailyNote } from './useDailyDraw';
import { useDailyWeekOffer } from './useDailyWeekOffer';
import { useMicroPack } from './useMicroPack';
import '../payments/paid.css';

export default function InteractiveDailyCard() {
  const [, navigate] = useLocation();
  const { data } = useStatus();
  const userId = data?.user.id ?? null;
  const tier = data?.userStatus.subscriptionType ?? 'free';
  const { today, drawn, phase, card, draw } = useDailyDraw();
  useEffect(() => {
    if (card) track('saw_free_card', { cardName: card.name });
  }, [card?.cardId]);

  // Once the card is known: prices, the micro offer, what was bought for it, and the cards' short message.
  const { data: pricing = null } = useApi(card ? keys.pricing : null, getPricing);
  const note = useDailyNote(card);
  const pack = useMicroPack({ card, tier, userId, pricing, noteText: note?.text });
  const week = useDailyWeekOffer(pricing, !!pack.ent, tier);

  // Prices as the user pays them (Stars in Telegram, roubles in a browser), from the server's answers.
  const { mode, show, note: priceNote } = pricesFor(pricing);

  return (
    <Page back={() => navigate('/')} testId="interactive-daily-card" className="interactive">
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="sun" size={30} />
        </span>
        <h1 className="title">Карта дня</h1>
        {/* The invitation to draw stands only above a card still face down. */}
        {!card && <p className="hint">Вытяните карту и узнайте, что готовит вам этот день.</p>}
      </header>

      {/* Today's card could not be checked (no network): the card may still be drawn, or the check retried. */}
      {today.error && !today.data && !drawn && <ErrorBlock message={today.error.message} onRetry={today.reload} />}

      <DailyDrawArea phase={phase} onDraw={draw} />

      {card && (
        <>
          <CardFace card={card} nameTestId="interactive-card-name" />
          {phase.kind === 'revealed' && phase.card.milestone && (
            <p className="milestone" role="status" data-testid="streak-milestone">
              {phase.card.milestone}
            </p>
          )}
          <div className="ai-note" data-testid="ai-note">
            {note ? <RichText text={note.text} /> : <span className="spinner" role="status" aria-label="Карты говорят…" />}
          </div>
          <DailyMicroPack pack={pack} pricing={pricing} show={show} priceNote={priceNote} />
          <DailyWeekOffer pack={pack} week={week} pricing={pricing} mode={mode} />
          <DailyGuidance card={card} open={!!pack.ent?.detailedGuidance} />
        </>
      )}
    </Page>
  );
}
