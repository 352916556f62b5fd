// The dashboard's period: the ready ones («Сегодня», «7 дней»…) and a period of one's own typed as two dates.
import type { PeriodParams } from './admin-api';

const PERIODS = [
  { days: '1', label: 'Сегодня' },
  { days: '7', label: '7 дней' },
  { days: '30', label: '30 дней' },
  { days: '90', label: '90 дней' },
] as const;

interface CustomPeriod {
  from: string;
  to: string;
}

export function AdminPeriod(props: {
  period: PeriodParams;
  setPeriod: (p: PeriodParams) => void;
  custom: CustomPeriod;
  setCustom: (c: CustomPeriod) => void;
}) {
  const { period, setPeriod, custom, setCustom } = props;
  return (
    <>
      <div className="admin-period" role="group" aria-label="Период">
        {PERIODS.map((p) => (
          <button
            key={p.days}
            type="button"
            aria-pressed={'days' in period && period.days === p.days}
            onClick={() => {
              setPeriod({ days: p.days });
              // The fields are for a period of one's own: left filled, they contradicted the period shown below.
              setCustom({ from: '', to: '' });
            }}
            data-testid={`admin-period-${p.days}`}
          >
            {p.label}
          </button>
        ))}
      </div>
      <form
        className="admin-custom"
        onSubmit={(e) => {
          e.preventDefault();
          if (custom.from && custom.to) setPeriod({ from: custom.from, to: custom.to });
        }}
      >
        {/* Text, not type="date": a date input speaks the browser's locale (мм/дд/гггг); the server checks the dates. */}
        <input
          className="input admin-date"
          inputMode="numeric"
          placeholder="дд.мм.гггг"
          maxLength={10}
          aria-label="С (дд.мм.гггг)"
          value={custom.from}
          onChange={(e) => setCustom({ ...custom, from: e.target.value })}
          data-testid="admin-from"
        />
        <span aria-hidden="true">—</span>
        <input
          className="input admin-date"
          inputMode="numeric"
          placeholder="дд.мм.гггг"
          maxLength={10}
          aria-label="По (дд.мм.гггг)"
          value={custom.to}
          onChange={(e) => setCustom({ ...custom, to: e.target.value })}
          data-testid="admin-to"
        />
        <button type="submit" className="btn btn-secondary" data-testid="admin-custom-apply">
          Показать
        </button>
      </form>
    </>
  );
}
