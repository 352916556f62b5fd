// The person form's birth part: date, time (empty for «неизвестно») and the city with the natal form's
// suggestions.
import { NatalCitySearch } from '../natal/NatalCitySearch';
import type { BirthState, Field } from './usePersonForm';

export function PersonBirthFields({ ids, birth, errorOf }: { ids: string; birth: BirthState; errorOf: (f: Field) => string | undefined }) {
  return (
    <>
      <div className="person-when">
        <div className="field">
          <label htmlFor={`${ids}-date`}>Дата рождения</label>
          <input
            id={`${ids}-date`}
            type="date"
            className={`input${errorOf('birthDate') ? ' is-invalid' : ''}`}
            value={birth.date}
            onChange={(e) => birth.setDate(e.target.value)}
            data-testid="person-date"
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-time`}>Время (если известно)</label>
          <input
            id={`${ids}-time`}
            type="time"
            className="input"
            value={birth.time}
            onChange={(e) => birth.setTime(e.target.value)}
            data-testid="person-time"
          />
        </div>
      </div>
      {(errorOf('birthDate') || errorOf('birthTime')) && <p className="field-error">{errorOf('birthDate') ?? errorOf('birthTime')}</p>}
      <NatalCitySearch
        ids={`${ids}-place`}
        city={birth.city}
        cityId={birth.cityId}
        byCoordinates={false}
        error={errorOf('city')}
        onType={(v) => {
          birth.setCity(v);
          birth.setCityId(null);
        }}
        onChoose={(c) => {
          birth.setCity(c.label);
          birth.setCityId(c.id);
        }}
        onLeave={() => {}}
        onToggleCoordinates={() => {}}
      />
    </>
  );
}
