// Settings' «Колода»: the two decks, each previewed with the same two cards, credited, the user's one checked.
import { cardImageUrl, DECK_INFO, DECKS, type DeckId } from '../../../domain/tarot/decks';
import { cardBox } from '../components/CardImage';

/** The cards each deck is previewed with. */
const PREVIEW = [
  { id: 'star', name: 'Звезда' },
  { id: 'queen-of-cups', name: 'Королева Кубков' },
];

export function DeckOptions(props: { deck: DeckId; busy: string | null; onPick: (id: DeckId) => void }) {
  const { deck, busy } = props;
  return (
    <section className="section" aria-labelledby="deck-title">
      <h2 className="section-title" id="deck-title">
        Колода
      </h2>
      <div className="deck-options" role="radiogroup" aria-labelledby="deck-title">
        {DECKS.map((id) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={deck === id}
            className={`deck-option panel ${deck === id ? 'is-chosen' : ''}`}
            onClick={() => props.onPick(id)}
            disabled={busy !== null && busy !== id}
            data-testid={`deck-option-${id}`}
          >
            <span className="deck-preview" aria-hidden="true">
              {PREVIEW.map((c) => (
                <DeckPreviewCard key={c.id} deck={id} cardId={c.id} name={c.name} />
              ))}
            </span>
            <span className="deck-option-text">
              <strong>{DECK_INFO[id].name}</strong>
              <span className="deck-credit">{id === 'rws' ? DECK_INFO.rws.credit : 'Рисунки, созданные для этого приложения'}</span>
            </span>
            <span className="deck-check" aria-hidden="true">
              {deck === id ? '✓' : ''}
            </span>
          </button>
        ))}
      </div>
      <p className="hint">Значения карт и расклады одинаковы в обеих колодах — меняются только рисунки.</p>
    </section>
  );
}

/** A preview card in a given deck (not the user's current one): a plain picture, not zoomable. */
function DeckPreviewCard({ deck, cardId, name }: { deck: DeckId; cardId: string; name: string }) {
  const { width, height } = cardBox(deck, 'small', 60);
  return (
    <img className="deck-preview-card" src={cardImageUrl(deck, cardId, 'small')} width={width} height={height} alt={name} loading="lazy" />
  );
}
