// Today's card drawn, at the top of home: its face (turning over when drawn just now), one line of its
// meaning, when the next card comes (or «безлимит»), a milestone day's greeting and «Открыть».
import { useLocation } from 'wouter';
import { cardImageUrl, type DeckId } from '../../../domain/tarot/decks';
import type { UserStatus } from '../api';
import { Countdown } from '../components/Countdown';
import { refreshStatus } from '../hooks/useStatus';

type TodayCard = NonNullable<UserStatus['todayCard']>;

export function HomeDailyFace(props: {
  s: UserStatus | undefined;
  card: TodayCard;
  deck: DeckId;
  width: number;
  height: number;
  justDrawn: { milestone: string | null } | null;
}) {
  const [, navigate] = useLocation();
  const { s, card, deck, justDrawn } = props;
  return (
    <section className="home-daily is-drawn" aria-label="Карта дня" data-testid="home-daily">
      <span className={`home-daily-face${justDrawn ? ' flip-in' : ''}`}>
        <img
          className={`home-daily-card deck-${deck}`}
          src={cardImageUrl(deck, card.cardId, 'large')}
          width={props.width}
          height={props.height}
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
}
