// Settings' browser sessions: where the account is signed in outside Telegram (device, last seen), with
// «Выйти» for each and «Выйти везде». Its own chunk, loaded with the settings screen only.
import { useState } from 'react';
import { ApiError } from '../api';
import { endAllSessions, endSession, listSessions, signOut } from '../auth/auth-api';
import { keys, useApi } from '../data';

const when = (iso: string) => new Date(iso).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

export default function BrowserSessions() {
  const { data, error, reload } = useApi(keys.sessions, listSessions);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const sessions = data?.sessions ?? [];

  const act = async (fn: () => Promise<unknown>, leaves: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      await fn();
      // This browser signed out: the sign-in page.
      if (leaves) window.location.replace('/');
      else reload();
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось выйти');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="sessions-title" data-testid="browser-sessions">
      <h2 className="section-title" id="sessions-title">
        Входы в браузере
      </h2>
      {error && <p className="hint">{error.message}</p>}
      {data && sessions.length === 0 && <p className="hint">Вы не входили в браузере. Команда /web в боте пришлёт ссылку для входа.</p>}
      {sessions.map((s) => (
        <div key={s.id} className="panel setting-row" data-testid="browser-session">
          <span>
            <strong>
              {s.device}
              {s.current ? ' — этот браузер' : ''}
            </strong>
            <span className="hint">Был активен {when(s.lastSeenAt)}</span>
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => void act(() => (s.current ? signOut() : endSession(s.id)), s.current)}
            data-testid="session-sign-out"
          >
            Выйти
          </button>
        </div>
      ))}
      {sessions.length > 0 && (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy}
          onClick={() =>
            void act(
              endAllSessions,
              sessions.some((s) => s.current),
            )
          }
          data-testid="sessions-sign-out-all"
        >
          Выйти везде
        </button>
      )}
      {message && (
        <p className="pay-message" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
