// The natal form: birth date (not later than today), time and place, all required, with the
// messages of domain/natal-form.ts; submit disabled until all three are filled; an error clears when its field is
// edited; city suggestions in Russian as you type; a place not in the list by coordinates and time zone.
// The data is kept on the server, so the form comes back filled in and the chart can be reopened.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { NATAL_MESSAGES, validateNatalForm, type NatalField } from '../../../domain/natal-form';
import { localDate } from '../../../domain/time';
import { isoToRuDate, maskClock, maskRuDate, ruDateToIso, zoneLabelRu } from '../../../domain/ru-format';
import { ApiError } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { haptic } from '../telegram/bridge';
import { fieldOf, getBirthData, postChart, searchCities, type BirthDataView, type CitySuggestion } from './natal-api';
import './natal.css';

type Field = NatalField | 'latitude' | 'longitude' | 'timeZone';
type Errors = Partial<Record<Field | 'form', string>>;

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Moscow';
  } catch {
    return 'Europe/Moscow';
  }
};

function zoneList(): string[] {
  try {
    const zones = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
    if (zones?.length) return zones;
  } catch {
    /* older engines */
  }
  return ['Europe/Kaliningrad', 'Europe/Moscow', 'Europe/Samara', 'Asia/Yekaterinburg', 'Asia/Omsk', 'Asia/Novosibirsk', 'Asia/Krasnoyarsk', 'Asia/Irkutsk', 'Asia/Yakutsk', 'Asia/Vladivostok', 'Asia/Magadan', 'Asia/Kamchatka'];
}

const toNumber = (s: string) => Number(s.trim().replace(',', '.'));

/** City suggestions for the typed text, fetched as the user types (debounced, stale answers dropped). */
function useCitySuggestions(query: string, enabled: boolean) {
  const [items, setItems] = useState<CitySuggestion[]>([]);
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const q = query.trim();
    if (!enabled || q.length < 1) {
      setItems([]);
      setSearched('');
      return;
    }
    const ctl = new AbortController();
    const t = setTimeout(() => {
      searchCities(q, ctl.signal)
        .then((r) => {
          setItems(r.cities);
          setSearched(q);
        })
        .catch(() => {
          /* suggestions are a help; the server resolves the typed name anyway */
        });
    }, 150);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [query, enabled]);
  return { items, searched };
}

export default function NatalForm() {
  const [, navigate] = useLocation();
  const ids = useId();
  const today = useMemo(() => localDate(new Date(), browserZone()), []);
  const zones = useMemo(zoneList, []);

  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [city, setCity] = useState('');
  const [cityId, setCityId] = useState<string | null>(null);
  const [byCoordinates, setByCoordinates] = useState(false);
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [timeZone, setTimeZone] = useState(browserZone);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<BirthDataView | null>(null);
  const [sending, setSending] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const editedRef = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openList = () => {
    clearTimeout(closeTimer.current);
    setListOpen(true);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const { items, searched } = useCitySuggestions(city, !byCoordinates && cityId === null);

  // Saved birth data fills the form again (unless the user has started typing already).
  useEffect(() => {
    getBirthData()
      .then(({ birthData }) => {
        if (!birthData || editedRef.current) return;
        setSaved(birthData);
        setDate(isoToRuDate(birthData.date));
        setTime(birthData.time);
        setCity(birthData.city);
        if (birthData.cityId) setCityId(birthData.cityId);
        else {
          setByCoordinates(true);
          setLatitude(String(birthData.latitude));
          setLongitude(String(birthData.longitude));
          setTimeZone(birthData.timeZone);
        }
      })
      .catch(() => {
        /* an empty form is fine */
      });
  }, []);

  const edit = (field: Field) => {
    editedRef.current = true;
    setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));
  };

  const requiredOnBlur = (field: NatalField, value: string) => {
    if (value.trim()) return;
    const message = { date: NATAL_MESSAGES.dateRequired, time: NATAL_MESSAGES.timeRequired, city: NATAL_MESSAGES.cityRequired }[field];
    setErrors((e) => ({ ...e, [field]: message }));
  };

  const filled = !!date.trim() && !!time.trim() && !!city.trim() && (!byCoordinates || (!!latitude.trim() && !!longitude.trim() && !!timeZone));

  const chooseCity = (c: CitySuggestion) => {
    haptic('select');
    setCity(c.label);
    setCityId(c.id);
    setListOpen(false);
    setActive(-1);
    edit('city');
  };

  const submit = async () => {
    // Typed as ДД.ММ.ГГГГ whatever the device's locale; sent as ISO.
    const isoDate = ruDateToIso(date);
    const found: Errors = validateNatalForm({ date: isoDate ?? (date.trim() ? 'invalid' : ''), time, city }, today);
    if (date.trim() && !isoDate) found.date = 'Укажите дату рождения в формате ДД.ММ.ГГГГ';
    if (byCoordinates) {
      const lat = toNumber(latitude);
      const lon = toNumber(longitude);
      if (!latitude.trim() || !Number.isFinite(lat) || Math.abs(lat) > 90) found.latitude = NATAL_MESSAGES.latitudeInvalid;
      if (!longitude.trim() || !Number.isFinite(lon) || Math.abs(lon) > 180) found.longitude = NATAL_MESSAGES.longitudeInvalid;
      if (!timeZone) found.timeZone = NATAL_MESSAGES.timeZoneInvalid;
    }
    if (Object.keys(found).length) {
      haptic('error');
      setErrors(found);
      return;
    }
    setSending(true);
    try {
      await postChart(
        byCoordinates
          ? { date: isoDate!, time, city: city.trim(), latitude: toNumber(latitude), longitude: toNumber(longitude), timeZone }
          : { date: isoDate!, time, city: city.trim(), ...(cityId ? { cityId } : {}) },
      );
      haptic('success');
      navigate('/natal-chart');
    } catch (err) {
      haptic('error');
      const message = err instanceof ApiError ? err.message : NATAL_MESSAGES.loadError;
      // The server names the field («city: …»); the screen shows the Russian text under that field.
      const { field } = fieldOf(err instanceof ApiError ? err.detail : '');
      const known: Field[] = ['date', 'time', 'city', 'latitude', 'longitude', 'timeZone'];
      if (field && (known as string[]).includes(field)) setErrors({ [field]: message });
      else setErrors({ form: err instanceof ApiError && err.status === 401 ? 'Откройте приложение через Telegram, чтобы мы узнали вас.' : message });
    } finally {
      setSending(false);
    }
  };

  const onCityKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!listOpen || items.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % items.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      chooseCity(items[active]);
    } else if (e.key === 'Escape') setListOpen(false);
  };

  const showList = listOpen && !byCoordinates && cityId === null && city.trim().length > 0;
  const nothingFound = showList && searched === city.trim() && items.length === 0;
  const listId = `${ids}-cities`;
  const err = (f: Field) =>
    errors[f] ? (
      <p className="field-error" role="alert" data-testid={`error-${f}`} id={`${ids}-${f}-error`}>
        {errors[f]}
      </p>
    ) : null;

  return (
    <Page back={() => navigate('/')} testId="natal-form">
      <header className="screen-head">
        <p className="kicker">Астрология</p>
        <h1 className="title">Натальная карта</h1>
        <p className="hint">Укажите дату, время и место рождения — мы рассчитаем положение Солнца, Луны, асцендента и планет в момент вашего рождения.</p>
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
            aria-describedby={errors.date ? `${ids}-date-error` : undefined}
            data-testid="natal-date"
            onChange={(e) => {
              setDate(maskRuDate(e.target.value));
              edit('date');
            }}
            onBlur={(e) => requiredOnBlur('date', e.target.value)}
          />
          {err('date')}
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
            required
            value={time}
            aria-invalid={!!errors.time}
            aria-describedby={errors.time ? `${ids}-time-error` : undefined}
            data-testid="natal-time"
            onChange={(e) => {
              setTime(maskClock(e.target.value));
              edit('time');
            }}
            onBlur={(e) => requiredOnBlur('time', e.target.value)}
          />
          {err('time')}
          {!errors.time && <p className="field-note">Время из свидетельства о рождении. Если точное время неизвестно, укажите 12:00 — асцендент тогда может оказаться неточным.</p>}
        </div>

        <div className="field city-field">
          <label htmlFor={`${ids}-city`}>{byCoordinates ? 'Место рождения (название)' : 'Город рождения'}</label>
          <input
            id={`${ids}-city`}
            className={`input${errors.city ? ' is-invalid' : ''}`}
            type="text"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            placeholder={byCoordinates ? 'Например, село Покровское' : 'Начните вводить: Москва, Казань…'}
            value={city}
            role={byCoordinates ? undefined : 'combobox'}
            aria-expanded={byCoordinates ? undefined : showList && items.length > 0}
            aria-controls={byCoordinates ? undefined : listId}
            aria-autocomplete={byCoordinates ? undefined : 'list'}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={!!errors.city}
            aria-describedby={errors.city ? `${ids}-city-error` : undefined}
            data-testid="natal-city"
            onChange={(e) => {
              setCity(e.target.value);
              setCityId(null);
              openList();
              setActive(-1);
              edit('city');
            }}
            onFocus={openList}
            onBlur={(e) => {
              // Let a tap on a suggestion land before the list closes.
              const value = e.target.value;
              clearTimeout(closeTimer.current);
              closeTimer.current = setTimeout(() => setListOpen(false), 150);
              requiredOnBlur('city', value);
            }}
            onKeyDown={onCityKey}
          />
          {showList && items.length > 0 && (
            <ul className="suggestions" role="listbox" id={listId} data-testid="city-suggestions">
              {items.map((c, i) => (
                <li
                  key={c.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'is-active' : undefined}
                  data-testid="city-option"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => chooseCity(c)}
                >
                  <span className="suggestion-name">{c.name}</span>
                  <span className="suggestion-place">{[c.region, c.country].filter(Boolean).join(', ')}</span>
                </li>
              ))}
            </ul>
          )}
          {nothingFound && !errors.city && (
            <p className="field-note" data-testid="city-not-found">
              Такого города нет в списке. Проверьте написание или укажите координаты.
            </p>
          )}
          {err('city')}
          <button
            type="button"
            className="link-button"
            data-testid="toggle-coordinates"
            onClick={() => {
              setByCoordinates((v) => !v);
              setCityId(null);
              setErrors({});
            }}
          >
            {byCoordinates ? 'Выбрать город из списка' : 'Моего города нет в списке — указать координаты'}
          </button>
        </div>

        {byCoordinates && (
          <fieldset className="coords" data-testid="coordinates">
            <legend className="visually-hidden">Координаты места рождения</legend>
            <div className="coords-row">
              <div className="field">
                <label htmlFor={`${ids}-lat`}>Широта</label>
                <input
                  id={`${ids}-lat`}
                  className={`input${errors.latitude ? ' is-invalid' : ''}`}
                  inputMode="decimal"
                  placeholder="55.75"
                  value={latitude}
                  data-testid="natal-latitude"
                  onChange={(e) => {
                    setLatitude(e.target.value);
                    edit('latitude');
                  }}
                />
                {err('latitude')}
              </div>
              <div className="field">
                <label htmlFor={`${ids}-lon`}>Долгота</label>
                <input
                  id={`${ids}-lon`}
                  className={`input${errors.longitude ? ' is-invalid' : ''}`}
                  inputMode="decimal"
                  placeholder="37.62"
                  value={longitude}
                  data-testid="natal-longitude"
                  onChange={(e) => {
                    setLongitude(e.target.value);
                    edit('longitude');
                  }}
                />
                {err('longitude')}
              </div>
            </div>
            <p className="field-note">Северная широта и восточная долгота — со знаком плюс, южная и западная — с минусом.</p>
            <div className="field">
              <label htmlFor={`${ids}-tz`}>Часовой пояс</label>
              <select
                id={`${ids}-tz`}
                className={`input${errors.timeZone ? ' is-invalid' : ''}`}
                value={timeZone}
                data-testid="natal-timezone"
                onChange={(e) => {
                  setTimeZone(e.target.value);
                  edit('timeZone');
                }}
              >
                {!zones.includes(timeZone) && <option value={timeZone}>{zoneLabelRu(timeZone)}</option>}
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {zoneLabelRu(z)}
                  </option>
                ))}
              </select>
              {err('timeZone')}
              <p className="field-note">Время рождения пересчитывается по правилам этого пояса на дату рождения (летнее время и прошлые переводы часов учитываются).</p>
            </div>
          </fieldset>
        )}

        {/* Enter in a field submits the form. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>

      {errors.form && <ErrorBlock message={errors.form} />}

      <p className="disclaimer center">Расчёт носит развлекательный характер. Данные рождения хранятся только для показа вашей карты; удалить их можно кнопкой «Новая карта».</p>

      <MainAction text="Рассчитать карту" enabled={filled} loading={sending} onClick={() => void submit()} testId="natal-submit" />
    </Page>
  );
}
