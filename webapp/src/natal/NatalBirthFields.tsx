// The natal form's date and time of birth (with «Время рождения неизвестно»), each with its error.
import { maskClock, maskRuDate } from '../../../domain/text/ru-format';
import { FieldError, fieldErrorId } from './NatalFieldError';
import type { NatalFields } from './useNatalForm';

export function NatalBirthFields({ ids, f }: { ids: string; f: NatalFields }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${ids}-date`}>Дата рождения</label>
        <input
          id={`${ids}-date`}
          className={`input${f.errors.date ? ' is-invalid' : ''}`}
          type="text"
          inputMode="numeric"
          autoComplete="bday"
          placeholder="ДД.ММ.ГГГГ"
          maxLength={10}
          required
          value={f.date}
          aria-invalid={!!f.errors.date}
          aria-describedby={f.errors.date ? fieldErrorId(ids, 'date') : undefined}
          data-testid="natal-date"
          onChange={(e) => {
            f.setDate(maskRuDate(e.target.value));
            f.edit('date');
          }}
          onBlur={(e) => f.requiredOnBlur('date', e.target.value)}
        />
        <FieldError ids={ids} field="date" message={f.errors.date} />
      </div>

      <div className="field">
        <label htmlFor={`${ids}-time`}>Время рождения</label>
        <input
          id={`${ids}-time`}
          className={`input${f.errors.time ? ' is-invalid' : ''}`}
          type="text"
          inputMode="numeric"
          placeholder="ЧЧ:ММ"
          maxLength={5}
          required={!f.timeUnknown}
          disabled={f.timeUnknown}
          value={f.timeUnknown ? '' : f.time}
          aria-invalid={!!f.errors.time}
          aria-describedby={f.errors.time ? fieldErrorId(ids, 'time') : undefined}
          data-testid="natal-time"
          onChange={(e) => {
            f.setTime(maskClock(e.target.value));
            f.edit('time');
          }}
          onBlur={(e) => f.requiredOnBlur('time', e.target.value)}
        />
        <FieldError ids={ids} field="time" message={f.errors.time} />
        <label className="natal-time-unknown">
          <input
            type="checkbox"
            checked={f.timeUnknown}
            data-testid="natal-time-unknown"
            onChange={(e) => {
              f.setTimeUnknown(e.target.checked);
              f.edit('time');
            }}
          />{' '}
          Время рождения неизвестно
        </label>
        {!f.errors.time && (
          <p className="field-note">
            {f.timeUnknown
              ? 'Карта будет без асцендента и домов: для них нужно точное время.'
              : 'Время из свидетельства о рождении: от него зависят асцендент и дома.'}
          </p>
        )}
      </div>
    </>
  );
}
