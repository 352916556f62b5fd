// A card's meanings on its page: upright and reversed, each with its keywords (the reversed one under a small
// upside-down picture).
import { REVERSED_STYLE } from '../../../domain/art/card-art';
import { cardImageUrl, type DeckId } from '../../../domain/tarot/decks';
import type { TarotCard } from '../../../domain/types';

export function CardMeanings(props: { card: TarotCard; deck: DeckId; width: number; height: number }) {
  const { card, deck, width, height } = props;
  return (
    <>
      <section className="panel" data-testid="card-page-upright">
        <h2>Прямое положение</h2>
        <p className="card-keywords">{card.keywords.join(' · ')}</p>
        <p>{card.meaning}</p>
      </section>
      <section className="panel" data-testid="card-page-reversed">
        <h2>Перевёрнутое положение</h2>
        <div className="center">
          <img
            className={`card-img deck-${deck}`}
            src={cardImageUrl(deck, card.id, 'small')}
            width={48}
            height={Math.round((48 * height) / width)}
            alt=""
            style={REVERSED_STYLE}
            loading="lazy"
          />
        </div>
        <p className="card-keywords">{card.reversedKeywords.join(' · ')}</p>
        <p>{card.reversedMeaning}</p>
      </section>
    </>
  );
}
