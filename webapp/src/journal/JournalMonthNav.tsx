// Which period the journal shows: «Всё время» as a label, or the month with ‹ and › to the months around it.
import type { JournalData } from './useJournal';

export function JournalMonthNav(props: { data: JournalData; scope: 'month' | 'all'; onMonth: (month: string) => void }) {
  const { data } = props;
  if (props.scope === 'all')
    return (
      <strong className="journal-all-label" data-testid="journal-month">
        {data.monthLabel}
      </strong>
    );
  return (
    <nav className="journal-month" aria-label="Месяц">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => props.onMonth(data.prevMonth)}
        data-testid="journal-prev"
        aria-label="Предыдущий месяц"
      >
        ‹
      </button>
      <strong data-testid="journal-month">{data.monthLabel}</strong>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!data.nextMonth}
        onClick={() => data.nextMonth && props.onMonth(data.nextMonth)}
        data-testid="journal-next"
        aria-label="Следующий месяц"
      >
        ›
      </button>
    </nav>
  );
}
