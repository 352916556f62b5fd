// Today's card at the top of home: face down until drawn (a tap here is the draw: the server deals, the card
// turns over), then its face, one line of its meaning and «Открыть» (the daily card's screen, which shows the
// same card all day). The status carries today's card, so home makes no request of its own for it. Plain
// images only (the 350-px file: sharp at 92 CSS px on a 3× screen): this is the first screen, and the card
// components (zoom, art) are lazy chunks.
import { cardBackUrl, DECK_INFO, DEFAULT_DECK } from '../../../domain/tarot/decks';
import type { UserStatus } from '../api';
import { HomeDailyFace } from './HomeDailyFace';
import { useHomeDailyDraw } from './useHomeDailyDraw';

const WIDTH = 92;

export function HomeDaily({ s }: { s: UserStatus | undefined }) {
  const deck = s?.deck ?? DEFAULT_DECK;
  // Drawn here now: the face turns over, and a milestone day's greeting shows under the card.
  const { draw, justDrawn, reveal } = useHomeDailyDraw(s);
  const card = s?.todayCard ?? null;
  const height = Math.round((WIDTH * DECK_INFO[deck].height) / DECK_INFO[deck].width);

  if (card) return <HomeDailyFace s={s} card={card} deck={deck} width={WIDTH} height={height} justDrawn={justDrawn} />;

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
