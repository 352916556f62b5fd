// Settings: the deck (classic Rider–Waite–Smith, credited, or the app's own drawn deck), reversed cards and
// the daily reminder, all stored on the server (PUT /api/user/settings), the same settings as the bot's /settings.
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { cardImageUrl, DECK_INFO, DECKS, type DeckId } from '../../../domain/tarot/decks';
import { ApiError, putSettings } from '../api';
import { cardBox } from '../components/CardImage';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { chooseDeck, useDeck } from '../deck';
import { setStatus, useStatus } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';
import './settings.css';

const BrowserSessions = lazy(() => import('./BrowserSessions'));
const MyData = lazy(() => import('./MyData'));
const ReaderMemory = lazy(() => import('../memory/ReaderMemory'));

/** The cards each deck is previewed with. */
const PREVIEW = [
  { id: 'star', name: 'Звезда' },
  { id: 'queen-of-cups', name: 'Королева Кубков' },
];

export default function Settings() {
  const [, navigate] = useLocation();
  const { data, error, reload } = useStatus({ fresh: true });
  const deck = useDeck();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const s = data?.userStatus;

  const pick = async (id: DeckId) => {
    if (id === deck || busy) return;
    setBusy(id);
    setMessage(null);
    try {
      await chooseDeck(id);
      haptic('select');
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(null);
    }
  };

  const toggle = async (setting: 'notifyDaily' | 'reversals') => {
    if (!s || busy) return;
    setBusy(setting);
    setMessage(null);
    try {
      const { userStatus } = await putSettings({ [setting]: !s[setting] });
      setStatus(userStatus);
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page back={() => navigate('/')} loading={!data && !error} testId="settings">
      <h1 className="title">Колода и настройки</h1>
      {error && !data && <ErrorBlock message={error.message} onRetry={() => void reload()} />}

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
              onClick={() => void pick(id)}
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

      {s && (
        <section className="section">
          <h2 className="section-title">Расклады</h2>
          <label className="panel setting-row">
            <span>
              <strong>Перевёрнутые карты</strong>
              <span className="hint">{s.reversals ? 'Карты ложатся прямо или перевёрнутыми' : 'Все карты ложатся прямо'}</span>
            </span>
            <input
              type="checkbox"
              checked={s.reversals}
              onChange={() => void toggle('reversals')}
              disabled={busy !== null}
              data-testid="reversals-toggle"
            />
          </label>
        </section>
      )}

      {s && (
        <section className="section">
          <h2 className="section-title">Напоминание</h2>
          <label className="panel setting-row">
            <span>
              <strong>Карта дня</strong>
              <span className="hint">Сообщение в чате каждый день</span>
            </span>
            <input
              type="checkbox"
              checked={s.notifyDaily}
              onChange={() => void toggle('notifyDaily')}
              disabled={busy !== null}
              data-testid="notify-toggle"
            />
          </label>
        </section>
      )}

      {message && (
        <p className="pay-message" role="alert">
          {message}
        </p>
      )}

      <Suspense fallback={null}>
        <ReaderMemory />
        <BrowserSessions />
        <MyData />
      </Suspense>
    </Page>
  );
}

/** A preview card in a given deck (not the user's current one): a plain picture, not zoomable. */
function DeckPreviewCard({ deck, cardId, name }: { deck: DeckId; cardId: string; name: string }) {
  const { width, height } = cardBox(deck, 'small', 60);
  return (
    <img className="deck-preview-card" src={cardImageUrl(deck, cardId, 'small')} width={width} height={height} alt={name} loading="lazy" />
  );
}
