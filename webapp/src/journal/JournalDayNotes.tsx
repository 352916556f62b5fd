// «Заметки о днях»: the notes the user left on the period's daily cards, with the day and the card.
import type { JournalData } from './useJournal';

export function JournalDayNotes({ notes }: { notes: JournalData['dailyNotes'] }) {
  if (notes.length === 0) return null;
  return (
    <section className="panel journal-block" data-testid="journal-day-notes">
      <h2>Заметки о днях</h2>
      <ul className="journal-notes">
        {notes.map((n) => (
          <li key={n.day} data-testid="journal-day-note">
            <span className="hint">
              {dayLabel(n.day)} · {n.cardName}
              {n.reversed ? ' (перевёрнутая)' : ''}
            </span>
            <p>{n.note}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** '2026-12-06' → «6 декабря». */
function dayLabel(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}
