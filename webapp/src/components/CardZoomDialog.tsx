// A card shown large over the screen: the art in the user's deck (turned when reversed), its name, its place
// in the spread, the orientation and the meaning for that orientation. Telegram's Back button, a tap
// anywhere, or Escape closes it.
import { useEffect, useRef } from 'react';
import { REVERSED_STYLE } from '../../../domain/art/card-art';
import { cardImageSrcset, cardImageUrl } from '../../../domain/tarot/decks';
import { getCard } from '../../../domain/tarot/deck';
import { useDeck } from '../deck';
import { useStatus } from '../hooks/useStatus';
import { useBackButton } from '../telegram/bridge';
import type { ZoomCard } from '../zoom';
import { cardBox } from './CardImage';
import './card-zoom.css';

export default function CardZoomDialog({ card, onClose }: { card: ZoomCard; onClose: () => void }) {
  const userDeck = useDeck();
  const deck = card.deck ?? userDeck;
  const data = getCard(card.id);
  const { width, height } = cardBox(deck, 'large', 240);
  const closeRef = useRef<HTMLButtonElement>(null);
  // A user who deals without reversed cards is not told «Прямое положение» (a card dealt reversed before still is).
  const { data: status } = useStatus();
  const showOrientation = card.reversed || status?.userStatus.reversals !== false;
  useBackButton(onClose);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.({ preventScroll: true });
    };
  }, [onClose]);

  const keywords = data ? (card.reversed ? data.reversedKeywords : data.keywords) : [];
  const meaning = data ? (card.reversed ? data.reversedMeaning : data.meaning) : '';

  return (
    <div className="zoom-backdrop" role="dialog" aria-modal="true" aria-label={card.name} onClick={onClose} data-testid="card-zoom">
      <figure className="zoom-card">
        <img
          className={`zoom-img deck-${deck}`}
          // The 480 and 720 px files on 2× and 3× screens: the card stays sharp at 240 CSS px (62vw at most).
          srcSet={cardImageSrcset(deck, card.id)}
          sizes={`min(${width}px, 62vw)`}
          src={cardImageUrl(deck, card.id, 'large')}
          width={width}
          height={height}
          alt={card.reversed ? `${card.name} (перевёрнутая)` : card.name}
          style={card.reversed ? REVERSED_STYLE : undefined}
          data-reversed={card.reversed ? 'true' : undefined}
          data-testid="zoom-image"
        />
        <figcaption className="zoom-text">
          {card.position && (
            <p className="zoom-position" data-testid="zoom-position">
              {card.position}
            </p>
          )}
          <h2 className="zoom-name" data-testid="zoom-name">
            {card.name}
          </h2>
          {showOrientation && (
            <p className="zoom-orientation" data-testid="zoom-orientation">
              {card.reversed ? 'Перевёрнутое положение' : 'Прямое положение'}
            </p>
          )}
          {keywords.length > 0 && <p className="zoom-keywords">{keywords.join(' · ')}</p>}
          {meaning && (
            <p className="zoom-meaning" data-testid="zoom-meaning">
              {meaning}
            </p>
          )}
          {deck === 'rws' && <p className="zoom-credit">Иллюстрация Памелы Колман Смит, 1909</p>}
        </figcaption>
        <button ref={closeRef} type="button" className="zoom-close" onClick={onClose} data-testid="zoom-close">
          Закрыть
        </button>
      </figure>
    </div>
  );
}
