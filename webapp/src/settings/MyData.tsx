// Settings' «Мои данные»: «Скачать мои данные» (in a browser a download; inside Telegram the bot sends the
// files, since a web view cannot save one) and «Удалить мои данные» with a confirmation that says what goes,
// what stays and why. Its own chunk, loaded with the settings screen only.
import { useState } from 'react';
import { ApiError, call, client } from '../api';
import { insideTelegram } from '../telegram/launch';

export default function MyData() {
  const [message, setMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await fn();
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не получилось, попробуйте ещё раз');
    } finally {
      setBusy(false);
    }
  };

  const download = () =>
    run(async () => {
      if (insideTelegram()) {
        await call(client.user.export['send-to-chat'].$post());
        setMessage('Файлы отправлены в чат с ботом');
        return;
      }
      // A browser session (cookie): an ordinary download of the JSON file.
      const a = document.createElement('a');
      a.href = '/api/user/export';
      a.download = '';
      a.click();
    });

  const ask = () => run(async () => setConfirm(await call(client.user.deletion.$get())));

  const erase = () =>
    run(async () => {
      await call(client.user.$delete({ json: { confirm: true } }));
      window.location.replace('/');
    });

  return (
    <section className="section" aria-labelledby="my-data-title" data-testid="my-data">
      <h2 className="section-title" id="my-data-title">
        Мои данные
      </h2>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={busy}
        onClick={() => void download()}
        data-testid="export-data"
      >
        Скачать мои данные
      </button>
      {!confirm ? (
        <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void ask()} data-testid="delete-data">
          Удалить мои данные
        </button>
      ) : (
        <DeleteConfirmation lines={confirm.lines} busy={busy} onErase={() => void erase()} onCancel={() => setConfirm(null)} />
      )}
      {message && (
        <p className="pay-message" role="status">
          {message}
        </p>
      )}
    </section>
  );
}

/** What deleting removes, keeps and why (the server's lines, the terms' words), and the two answers. */
function DeleteConfirmation(p: { lines: string[]; busy: boolean; onErase: () => void; onCancel: () => void }) {
  return (
    <div className="panel" role="alertdialog" aria-labelledby="delete-title" data-testid="delete-confirm">
      <strong id="delete-title">Удалить все ваши данные?</strong>
      {p.lines.map((l) => (
        <p key={l} className="hint">
          {l}
        </p>
      ))}
      <button type="button" className="btn btn-danger btn-block" disabled={p.busy} onClick={p.onErase} data-testid="delete-data-confirm">
        Да, удалить безвозвратно
      </button>
      <button type="button" className="btn btn-secondary btn-block" disabled={p.busy} onClick={p.onCancel}>
        Отмена
      </button>
    </div>
  );
}
