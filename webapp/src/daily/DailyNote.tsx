// The user's own line about today's card on the daily card screen.
import { useState } from 'react';
import { type ApiError, saveDailyNote } from '../api';
import { NOTE_MAX } from '../../../domain/tarot/journal';
import { afterDailyNote } from '../hooks/useStatus';

/** The user's own line about today's card: saved on the day, listed in the journal. */
export function DailyNote({ saved, onJournal }: { saved: string | null; onJournal: () => void }) {
  const [text, setText] = useState(saved ?? '');
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({
    kind: saved ? 'saved' : 'idle',
  });
  const save = () => {
    setState({ kind: 'saving' });
    saveDailyNote(text)
      .then((r) => {
        setText(r.note ?? '');
        setState({ kind: 'saved' });
        afterDailyNote(r.note);
      })
      .catch((e: ApiError) => setState({ kind: 'error', message: e.message }));
  };
  return (
    <div className="stack daily-note">
      <label htmlFor="daily-note">Ваша заметка о дне — она сохранится в дневнике</label>
      <textarea
        id="daily-note"
        className="textarea"
        rows={2}
        maxLength={NOTE_MAX}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (state.kind !== 'idle') setState({ kind: 'idle' });
        }}
        placeholder="Что вы заметили сегодня?"
        data-testid="daily-note"
      />
      {state.kind === 'saved' ? (
        <div className="row daily-note-done">
          <p className="hint" role="status" data-testid="daily-note-saved">
            Заметка в дневнике
          </p>
          <button type="button" className="btn btn-secondary" onClick={onJournal} data-testid="daily-note-journal">
            Открыть дневник
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={save}
          disabled={state.kind === 'saving' || (!text.trim() && !saved)}
          data-testid="daily-note-save"
        >
          {state.kind === 'saving' ? 'Сохраняем…' : 'Сохранить в дневник'}
        </button>
      )}
      {state.kind === 'error' && (
        <p className="pay-message" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
