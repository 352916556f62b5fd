// The natal form: birth date (not later than today), time and place, all required, with the
// messages of domain/astro/natal-form.ts; submit disabled until all three are filled; an error clears when its field is
// edited. The place is a city from the suggestions (NatalCitySearch) or coordinates with a time zone
// (NatalCoordinates, checked by the rules the server applies). The data is kept on the server, so the form
// comes back filled in and the chart can be reopened.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { mutate } from 'swr';
import { useLocation } from 'wouter';
import { coordinateErrors, parseCoordinate, type CoordinateField } from '../../../domain/astro/natal-coordinates';
import { NATAL_MESSAGES, validateNatalForm, type NatalField } from '../../../domain/astro/natal-form';
import { localDate } from '../../../domain/text/time';
import { isoToRuDate, maskClock, maskRuDate, ruDateToIso } from '../../../domain/text/ru-format';
import { ApiError } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { NatalCitySearch } from './NatalCitySearch';
import { NatalCoordinates, type Coordinates } from './NatalCoordinates';
import { FieldError, fieldErrorId } from './NatalFieldError';
import { fieldOf, getBirthData, postChart, type BirthDataView } from './natal-api';
import './natal.css';

type Field = NatalField | CoordinateField;
type Errors = Partial<Record<Field | 'form', string>>;
const FIELDS: readonly string[] = ['date', 'time', 'city', 'latitude', 'longitude', 'timeZone'] satisfies Field[];

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Moscow';
  } catch {
    return 'Europe/Moscow';
  }
};

export default function NatalForm() {
  const [, navigate] = useLocation();
  const ids = useId();
  const today = useMemo(() => localDate(new Date(), browserZone()), []);

  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [timeUnknown, setTimeUnknown] = useState(false);
  const [city, setCity] = useState('');
  const [cityId, setCityId] = useState<string | null>(null);
  const [byCoordinates, setByCoordinates] = useState(false);
  const [coords, setCoords] = useState<Coordinates>(() => ({ latitude: '', longitude: '', timeZone: browserZone() }));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<BirthDataView | null>(null);
  const [sending, setSending] = useState(false);
  const editedRef = useRef(false);

  // Saved birth data fills the form again (unless the user has started typing already); none: an empty form.
  const { data: stored } = useApi(keys.birthData, getBirthData);
  useEffect(() => {
    const birthData = stored?.birthData;
    if (!birthData || editedRef.current) return;
    setSaved(birthData);
    setDate(isoToRuDate(birthData.date));
    setTime(birthData.time);
    setTimeUnknown(!birthData.timeKnown);
    setCity(birthData.city);
    if (birthData.cityId) setCityId(birthData.cityId);
    else {
      setByCoordinates(true);
      setCoords({ latitude: String(birthData.latitude), longitude: String(birthData.longitude), timeZone: birthData.timeZone });
    }
  }, [stored]);

  const edit = (field: Field) => {
    editedRef.current = true;
    setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));
  };

  const requiredOnBlur = (field: NatalField, value: string) => {
    if (value.trim()) return;
    const message = { date: NATAL_MESSAGES.dateRequired, time: NATAL_MESSAGES.timeRequired, city: NATAL_MESSAGES.cityRequired }[field];
    setErrors((e) => ({ ...e, [field]: message }));
  };

  const filled =
    !!date.trim() &&
    (timeUnknown || !!time.trim()) &&
    !!city.trim() &&
    (!byCoordinates || (!!coords.latitude.trim() && !!coords.longitude.trim() && !!coords.timeZone));

  const submit = async () => {
    // Typed as ДД.ММ.ГГГГ whatever the device's locale; sent as ISO.
    const isoDate = ruDateToIso(date);
    const found: Errors = validateNatalForm({ date: isoDate ?? (date.trim() ? 'invalid' : ''), time, city, timeUnknown }, today);
    if (date.trim() && !isoDate) found.date = 'Укажите дату рождения в формате ДД.ММ.ГГГГ';
    if (byCoordinates) Object.assign(found, coordinateErrors(coords));
    if (Object.keys(found).length) {
      haptic('error');
      setErrors(found);
      return;
    }
    setSending(true);
    // «Время рождения неизвестно»: no time is sent, and the chart comes without an ascendant.
    const when = timeUnknown ? { timeUnknown: true } : { time };
    try {
      const chart = await postChart(
        byCoordinates
          ? {
              date: isoDate!,
              ...when,
              city: city.trim(),
              latitude: parseCoordinate(coords.latitude),
              longitude: parseCoordinate(coords.longitude),
              timeZone: coords.timeZone,
            }
          : { date: isoDate!, ...when, city: city.trim(), ...(cityId ? { cityId } : {}) },
      );
      // The chart screen opens with it, and the form comes back with these data.
      void mutate(keys.natalChart, chart, { revalidate: false });
      void mutate(keys.birthData, { birthData: chart.birthData }, { revalidate: false });
      haptic('success');
      navigate('/natal-chart');
    } catch (err) {
      haptic('error');
      const message = err instanceof ApiError ? err.message : NATAL_MESSAGES.loadError;
      // The server names the field («city: …»); the screen shows the Russian text under that field.
      const { field } = fieldOf(err instanceof ApiError ? err.detail : '');
      if (field && FIELDS.includes(field)) setErrors({ [field]: message });
      else
        setErrors({
          form: err instanceof ApiError && err.status === 401 ? 'Откройте приложение через Telegram, чтобы мы узнали вас.' : message,
        });
    } finally {
      setSending(false);
    }
  };

  return (
    <Page back={() => navigate('/')} testId="natal-form">
      <header className="screen-head">
        <p className="kicker">Астрология</p>
        <h1 className="title">Натальная карта</h1>
        <p className="hint">
          Укажите дату, время и место рождения — мы рассчитаем положение Солнца, Луны, асцендента и планет в момент вашего рождения.
        </p>
      </header>

      {saved && (
        <div className="notice" data-testid="natal-saved">
          <p>Ваши данные сохранены: {saved.city}.</p>
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/natal-chart')} data-testid="open-saved-chart">
            Открыть мою карту
          </button>
        </div>
      )}

      <form
        className="natal-form panel"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (filled && !sending) void submit();
        }}
      >
        <div className="field">
          <label htmlFor={`${ids}-date`}>Дата рождения</label>
          <input
            id={`${ids}-date`}
            className={`input${errors.date ? ' is-invalid' : ''}`}
            type="text"
            inputMode="numeric"
            autoComplete="bday"
            placeholder="ДД.ММ.ГГГГ"
            maxLength={10}
            required
            value={date}
            aria-invalid={!!errors.date}
            aria-describedby={errors.date ? fieldErrorId(ids, 'date') : undefined}
            data-testid="natal-date"
            onChange={(e) => {
              setDate(maskRuDate(e.target.value));
              edit('date');
            }}
            onBlur={(e) => requiredOnBlur('date', e.target.value)}
          />
          <FieldError ids={ids} field="date" message={errors.date} />
        </div>

        <div className="field">
          <label htmlFor={`${ids}-time`}>Время рождения</label>
          <input
            id={`${ids}-time`}
            className={`input${errors.time ? ' is-invalid' : ''}`}
            type="text"
            inputMode="numeric"
            placeholder="ЧЧ:ММ"
            maxLength={5}
            required={!timeUnknown}
            disabled={timeUnknown}
            value={timeUnknown ? '' : time}
            aria-invalid={!!errors.time}
            aria-describedby={errors.time ? fieldErrorId(ids, 'time') : undefined}
            data-testid="natal-time"
            onChange={(e) => {
              setTime(maskClock(e.target.value));
              edit('time');
            }}
            onBlur={(e) => requiredOnBlur('time', e.target.value)}
          />
          <FieldError ids={ids} field="time" message={errors.time} />
          <label className="natal-time-unknown">
            <input
              type="checkbox"
              checked={timeUnknown}
              data-testid="natal-time-unknown"
              onChange={(e) => {
                setTimeUnknown(e.target.checked);
                edit('time');
              }}
            />{' '}
            Время рождения неизвестно
          </label>
          {!errors.time && (
            <p className="field-note">
              {timeUnknown
                ? 'Карта будет без асцендента и домов: для них нужно точное время.'
                : 'Время из свидетельства о рождении: от него зависят асцендент и дома.'}
            </p>
          )}
        </div>

        <NatalCitySearch
          ids={ids}
          city={city}
          cityId={cityId}
          byCoordinates={byCoordinates}
          error={errors.city}
          onType={(value) => {
            setCity(value);
            setCityId(null);
            edit('city');
          }}
          onChoose={(c) => {
            setCity(c.label);
            setCityId(c.id);
            edit('city');
          }}
          onLeave={(value) => requiredOnBlur('city', value)}
          onToggleCoordinates={() => {
            setByCoordinates((v) => !v);
            setCityId(null);
            setErrors({});
          }}
        />

        {byCoordinates && (
          <NatalCoordinates
            ids={ids}
            value={coords}
            errors={errors}
            onChange={(field, value) => {
              setCoords((c) => ({ ...c, [field]: value }));
              edit(field);
            }}
          />
        )}

        {/* Enter in a field submits the form. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>

      {errors.form && <ErrorBlock message={errors.form} />}

      <p className="disclaimer center">
        Расчёт носит развлекательный характер. Данные рождения хранятся только для показа вашей карты; удалить их можно кнопкой «Новая
        карта».
      </p>

      <MainAction text="Рассчитать карту" enabled={filled} loading={sending} onClick={() => void submit()} testId="natal-submit" />
    </Page>
  );
}
