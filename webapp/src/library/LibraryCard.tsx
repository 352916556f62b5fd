// A card of «Библиотека карт»: the large picture (a tap zooms it, sharp on 2× and 3× screens), its number,
// element and correspondence, the upright and reversed meanings with keywords, and «В ваших раскладах»: how
// often it came to the user, upright and reversed, and the latest readings it lay in, each opening the reading.
// The deck's data shows at once; the history comes from GET /api/cards/:id.
import { useLocation, useParams } from 'wouter';
import { REVERSED_STYLE } from '../../../domain/art/card-art';
import { cardLore } from '../../../domain/tarot/card-library';
import { DECK, getCard } from '../../../domain/tarot/deck';
import { cardImageSrcset, cardImageUrl, DECK_INFO } from '../../../domain/tarot/decks';
import { formatRuDate } from '../../../domain/text/time';
import { cardBox } from '../components/CardImage';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { getCardPage } from './library-api';
import { otherDeck, useLibraryDeck } from './library-deck';
import { pluralRu } from '../../../domain/text/plural';
import { openZoom } from '../zoom';
import './library.css';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Moscow';

export default function LibraryCard() {
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  const card = getCard(id);
  const [deck, setDeck] = useLibraryDeck();
  const { data, error, isValidating, reload } = useApi(card ? keys.cardPage(card.id) : null, () => getCardPage(id));
  const back = () => navigate('/library');

  if (!card)
    return (
      <Page back={back} testId="library-card-missing">
        <section className="panel center">
          <h1 className="title">Такой карты нет в колоде</h1>
          <button type="button" className="btn btn-primary" onClick={back}>
            Вся библиотека
          </button>
        </section>
      </Page>
    );

  const lore = cardLore(card);
  const { width, height } = cardBox(deck, 'large', 240);
  const history = data?.history;
  const index = DECK.indexOf(card);
  const prev = DECK[(index + DECK.length - 1) % DECK.length]!;
  const next = DECK[(index + 1) % DECK.length]!;

  return (
    <Page back={back} testId="library-card" className="library card-page">
      <figure className="card-page-figure">
        <button
          type="button"
          className="card-page-zoom"
          onClick={() => openZoom({ id: card.id, name: card.name, reversed: false, deck })}
          aria-label={`${card.name}: открыть крупно`}
          data-testid="card-page-zoom"
        >
          <img
            className={`card-page-img deck-${deck}`}
            srcSet={cardImageSrcset(deck, card.id)}
            sizes={`min(${width}px, 62vw)`}
            src={cardImageUrl(deck, card.id, 'large')}
            width={width}
            height={height}
            alt={card.name}
            data-testid="card-page-image"
          />
        </button>
        <figcaption className="center">
          <h1 className="title" data-testid="card-page-name">
            {card.name}
          </h1>
          <button type="button" className="lib-link hint" onClick={() => setDeck(otherDeck(deck))} data-testid="card-page-other-deck">
            Показать: {DECK_INFO[otherDeck(deck)].name.toLowerCase()}
          </button>
        </figcaption>
        <ul className="card-page-facts" data-testid="card-page-facts">
          <li>{lore.numberLabel}</li>
          <li>Стихия: {lore.elementLabel}</li>
          {lore.correspondence && <li>{lore.correspondence}</li>}
        </ul>
      </figure>

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

      <section className="panel" data-testid="card-history" aria-busy={!history && !error}>
        <h2>В ваших раскладах</h2>
        {error && !isValidating && <ErrorBlock message={error.message} onRetry={reload} />}
        {!history && !error && <span className="spinner" role="status" aria-label="Загрузка…" />}
        {history && (
          <>
            <p className="card-history-counts" data-testid="card-history-counts">
              {history.count === 0
                ? 'Эта карта вам ещё не выпадала.'
                : `Выпадала ${history.count} ${pluralRu(history.count, 'раз', 'раза', 'раз')}: прямой — ${history.upright}, перевёрнутой — ${history.reversed}.`}
            </p>
            {history.readings.length > 0 && (
              <ul className="card-history-list" data-testid="card-history-readings">
                {history.readings.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      className="card-history-item"
                      onClick={() => navigate(`/history/${r.id}`)}
                      data-testid="card-history-reading"
                    >
                      <span>«{r.question}»</span>
                      <span className="hint">
                        {formatRuDate(r.createdAt, zone())} · {r.spreadName}
                        {r.position ? ` · ${r.position}` : ''}
                        {r.orientation === 'reversed' ? ' · перевёрнутая' : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {history.olderHidden > 0 && (
              <p className="hint" data-testid="card-history-older">
                Ещё в {history.olderHidden} {pluralRu(history.olderHidden, 'раскладе', 'раскладах', 'раскладах')} старше 30 дней: их откроет
                VIP-подписка.
              </p>
            )}
          </>
        )}
      </section>

      <nav className="card-page-nav" aria-label="Другие карты">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => navigate(`/library/${prev.id}`, { replace: true })}
          data-testid="card-page-prev"
        >
          ‹ {prev.name}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => navigate(`/library/${next.id}`, { replace: true })}
          data-testid="card-page-next"
        >
          {next.name} ›
        </button>
      </nav>
    </Page>
  );
}
