// A note on a reading (up to 2000 characters): what came true, what the user felt. Saved on the server,
// editable, shown in the history.
import { useState } from 'react';
import { mutate } from 'swr';
import { NOTE_MAX } from '../../../domain/tarot/journal';
import type { ReadingView } from '../api';
import { keys } from '../data';
import { saveNote } from './journal-api';
import './journal.css';

type Save = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

export function NoteEditor(props: { readingId: number; initial: string | null; onSaved?: (note: string | null) => void }) {
  const [text, setText] = useState(props.initial ?? '');
  const [stored, setStored] = useState(props.initial ?? '');
  const [save, setSave] = useState<Save>({ kind: 'idle' });
  const changed = text.trim() !== stored;

  const submit = () => {
    setSave({ kind: 'saving' });
    saveNote(props.readingId, text)
      .then((r) => {
        setStored(r.note ?? '');
        setText(r.note ?? '');
        setSave({ kind: 'saved' });
        props.onSaved?.(r.note);
        // The reading as the archive shows it carries the note too.
        void mutate(keys.reading(props.readingId), (old: ReadingView | undefined) => old && { ...old, note: r.note }, {
          revalidate: false,
        });
      })
      .catch((e: Error) => setSave({ kind: 'error', message: e.message }));
  };

  return (
    <section className="panel note-editor" data-testid="note-editor">
      <h2>Заметка к раскладу</h2>
      <textarea
        className="textarea"
        value={text}
        maxLength={NOTE_MAX}
        placeholder="Что сбылось, что почувствовали, о чём подумать потом…"
        onChange={(e) => {
          setText(e.target.value);
          if (save.kind !== 'saving') setSave({ kind: 'idle' });
        }}
        data-testid="note-input"
        aria-label="Заметка к раскладу"
      />
      <div className="field-foot">
        <span className={`field-hint${save.kind === 'error' ? ' is-error' : ''}`} data-testid="note-status">
          {save.kind === 'error' ? save.message : save.kind === 'saved' ? 'Заметка сохранена' : stored ? 'Заметку можно изменить' : ''}
        </span>
        <span className="counter" data-testid="note-counter">
          {text.length}/{NOTE_MAX}
        </span>
      </div>
      <div className="note-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!changed || save.kind === 'saving'}
          onClick={submit}
          data-testid="note-save"
        >
          {save.kind === 'saving' ? 'Сохраняем…' : stored && !text.trim() ? 'Удалить заметку' : 'Сохранить заметку'}
        </button>
      </div>
    </section>
  );
}
