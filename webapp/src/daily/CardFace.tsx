// A drawn daily card face up: the large picture, its name (marked when reversed) and three keywords, then
// whatever the screen adds under them.
import type { ReactNode } from 'react';
import type { DailyCardView } from '../api';
import { CardImage } from '../components/CardImage';

export function CardFace({ card, nameTestId, children }: { card: DailyCardView['card']; nameTestId: string; children?: ReactNode }) {
  return (
    <div className="daily-face flip-in">
      <CardImage image={card.image} id={card.cardId} name={card.name} reversed={card.reversed} size="large" position={card.positionName} />
      <h2 className="daily-name" data-testid={nameTestId}>
        {card.name}
        {card.reversed && <span className="reversed-mark"> (перевёрнутая)</span>}
      </h2>
      <p className="keywords">{card.keywords.slice(0, 3).join(' · ')}</p>
      {children}
    </div>
  );
}
