// Settings: the deck (classic Rider–Waite–Smith, credited, or the app's own drawn deck), reversed cards and
// the daily reminder, all stored on the server (PUT /api/user/settings), the same settings as the bot's /settings.
import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { DeckOptions } from './DeckOptions';
import { useSettings } from './useSettings';
import './settings.css';

const BrowserSessions = lazy(() => import('./BrowserSessions'));
const MyData = lazy(() => import('./MyData'));
const ReaderMemory = lazy(() => import('../memory/ReaderMemory'));

export default function Settings() {
  const [, navigate] = useLocation();
  const { data, error, reload, deck, busy, message, s, pick, toggle } = useSettings();

  return (
    <Page back={() => navigate('/')} loading={!data && !error} testId="settings">
      <h1 className="title">Колода и настройки</h1>
      {error && !data && <ErrorBlock message={error.message} onRetry={() => void reload()} />}

      <DeckOptions deck={deck} busy={busy} onPick={(id) => void pick(id)} />

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
