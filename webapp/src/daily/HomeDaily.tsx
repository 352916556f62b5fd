// Today's card at the top of home: face down until drawn (a tap here is the draw: the server deals, the card
// turns over), then its face, one line of its meaning and «Открыть» (the daily card's screen, which shows the
// same card all day). The status carries today's card, so home makes no request of its own for it. Plain
// images only (the 350-px file: sharp at 92 CSS px on a 3× screen): this is the first screen, and the card
// components (zoom, art) are lazy chunks.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { cardBackUrl, cardImageUrl, DECK_INFO, DEFAULT_DECK } from '../../../domain/tarot/decks';
import { drawDailyCard, type ApiError, type UserStatus } from '../api';
import { Countdown } from '../components/Countdown';
import { afterDailyCard, refreshStatus } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';

type Draw = { kind: 'idle' } | { kind: 'drawing' } | { kind: 'failed'; message: string };

const WIDTH = 92;

export function HomeDaily({ s }: { s: UserStatus | undefined }) {
  const [, navigate] = useLocation();
  const deck = s?.deck ?? DEFAULT_DECK;
  const [draw, setDraw] = useState<Draw>({ kind: 'idle' });
  // Drawn here now: the face turns over, and a milestone day's greeting shows under the card.
  const [justDrawn, setJustDrawn] = useState<{ milestone: string | null } | null>(null);
  const card = s?.todayCard ?? null;
  const height = Math.round((WIDTH * DECK_INFO[deck].height) / DECK_INFO[deck].width);

  const reveal = () => {
    if (draw.kind === 'drawing' || !s) return;
    setDraw({ kind: 'drawing' });
    haptic('draw');
    drawDailyCard(false)
      .then((c) => {
        haptic('reveal');
        setJustDrawn({ milestone: c.milestone ?? null });
        setDraw({ kind: 'idle' });
        afterDailyCard(c);
      })
      .catch((e: ApiError) => {
        haptic('error');
        setDraw({ kind: 'failed', message: e.message });
      });
  };

  if (card)
    return (
      <section className="home-daily is-drawn" aria-label="Карта дня" data-testid="home-daily">
        <span className={`home-daily-face${justDrawn ? ' flip-in' : ''}`}>
          <img
            className={`home-daily-card deck-${deck}`}
            src={cardImageUrl(deck, card.cardId, 'large')}
            width={WIDTH}
            height={height}
            alt={card.reversed ? `${card.name} (перевёрнутая)` : card.name}
            style={card.reversed ? { transform: 'rotate(180deg)' } : undefined}
            decoding="async"
            draggable={false}
            data-card={card.cardId}
          />
        </span>
        <div className="home-daily-body">
          <p className="kicker">Ваша карта дня</p>
          <h2 className="home-daily-name" data-testid="home-daily-name">
            {card.name}
            {card.reversed && <span className="reversed-mark"> (перевёрнутая)</span>}
          </h2>
          <p className="home-daily-line" data-testid="home-daily-line">
            {card.line}
          </p>
          {/* A paid plan draws again (безлимит); for everyone else the card is used, and the next one comes at midnight. */}
          {s?.unlimitedDailyCard ? (
            <p className="hint home-daily-state" data-testid="home-daily-unlimited">
              Карта дня — безлимит: можно вытянуть новую
            </p>
          ) : (
            s && (
              <p className="hint home-daily-state" data-testid="home-daily-next">
                Новая карта через <Countdown until={s.resetsAt} onEnd={() => void refreshStatus()} testId="home-daily-countdown" />
              </p>
            )
          )}
          {justDrawn?.milestone && (
            <p className="milestone" role="status" data-testid="streak-milestone">
              <span aria-hidden="true">🔥 </span>
              {justDrawn.milestone}
            </p>
          )}
          <button
            type="button"
            className="btn btn-secondary home-daily-open"
            onClick={() => navigate('/daily-card')}
            data-testid="home-daily-open"
          >
            Открыть
          </button>
        </div>
      </section>
    );

  const drawing = draw.kind === 'drawing';
  return (
    <section className="home-daily" aria-label="Карта дня" data-testid="home-daily">
      <button
        type="button"
        className={`home-daily-back${drawing ? ' is-revealing' : ''}`}
        onClick={reveal}
        disabled={!s || drawing}
        aria-label="Открыть карту дня"
        data-testid="home-daily-back"
      >
        <img className="home-daily-card" src={cardBackUrl(deck)} width={WIDTH} height={height} alt="" draggable={false} />
      </button>
      <div className="home-daily-body">
        <p className="kicker">Карта дня</p>
        <h2 className="home-daily-name">Послание на сегодня</h2>
        <p className="home-daily-line" aria-live="polite">
          {/* Until the status says whether today's card is drawn, no invitation to draw it. */}
          {!s ? '\u00a0' : drawing ? 'Карта открывается…' : 'Сосредоточьтесь и коснитесь карты, чтобы открыть её.'}
        </p>
        {draw.kind === 'failed' && (
          <p className="home-daily-error" role="alert" data-testid="home-daily-error">
            {draw.message}
          </p>
        )}
      </div>
    </section>
  );
}
