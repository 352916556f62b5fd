// A birthplace not in the list: latitude and longitude (a point or a comma, signed) and the time zone the
// birth time is read in. The rules and messages are domain/astro/natal-coordinates.ts, the same the server applies.
import { useMemo } from 'react';
import type { CoordinateErrors, CoordinateField } from '../../../domain/astro/natal-coordinates';
import { zoneLabelRu } from '../../../domain/text/ru-format';
import { FieldError, fieldErrorId } from './NatalFieldError';

/** The zones the device knows, else Russia's. */
function zoneList(): string[] {
  try {
    const zones = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
    if (zones?.length) return zones;
  } catch {
    /* older engines */
  }
  return [
    'Europe/Kaliningrad',
    'Europe/Moscow',
    'Europe/Samara',
    'Asia/Yekaterinburg',
    'Asia/Omsk',
    'Asia/Novosibirsk',
    'Asia/Krasnoyarsk',
    'Asia/Irkutsk',
    'Asia/Yakutsk',
    'Asia/Vladivostok',
    'Asia/Magadan',
    'Asia/Kamchatka',
  ];
}

export type Coordinates = Record<CoordinateField, string>;

export function NatalCoordinates(props: {
  ids: string;
  value: Coordinates;
  errors: CoordinateErrors;
  onChange: (field: CoordinateField, value: string) => void;
}) {
  const { ids, value, errors, onChange } = props;
  const zones = useMemo(zoneList, []);
  const degrees = (field: 'latitude' | 'longitude', label: string, placeholder: string, id: string) => (
    <div className="field">
      <label htmlFor={`${ids}-${id}`}>{label}</label>
      <input
        id={`${ids}-${id}`}
        className={`input${errors[field] ? ' is-invalid' : ''}`}
        inputMode="decimal"
        placeholder={placeholder}
        value={value[field]}
        aria-invalid={!!errors[field]}
        aria-describedby={errors[field] ? fieldErrorId(ids, field) : undefined}
        data-testid={`natal-${field}`}
        onChange={(e) => onChange(field, e.target.value)}
      />
      <FieldError ids={ids} field={field} message={errors[field]} />
    </div>
  );
  return (
    <fieldset className="coords" data-testid="coordinates">
      <legend className="visually-hidden">Координаты места рождения</legend>
      <div className="coords-row">
        {degrees('latitude', 'Широта', '55.75', 'lat')}
        {degrees('longitude', 'Долгота', '37.62', 'lon')}
      </div>
      <p className="field-note">Северная широта и восточная долгота — со знаком плюс, южная и западная — с минусом.</p>
      <div className="field">
        <label htmlFor={`${ids}-tz`}>Часовой пояс</label>
        <select
          id={`${ids}-tz`}
          className={`input${errors.timeZone ? ' is-invalid' : ''}`}
          value={value.timeZone}
          data-testid="natal-timezone"
          onChange={(e) => onChange('timeZone', e.target.value)}
        >
          {!zones.includes(value.timeZone) && <option value={value.timeZone}>{zoneLabelRu(value.timeZone)}</option>}
          {zones.map((z) => (
            <option key={z} value={z}>
              {zoneLabelRu(z)}
            </option>
          ))}
        </select>
        <FieldError ids={ids} field="timeZone" message={errors.timeZone} />
        <p className="field-note">
          Время рождения пересчитывается по правилам этого пояса на дату рождения (летнее время и прошлые переводы часов учитываются).
        </p>
      </div>
    </fieldset>
  );
}
