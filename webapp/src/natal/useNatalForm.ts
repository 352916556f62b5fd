// The natal form's state and its sending: the fields (filled again from the saved birth data unless the user
// has started typing), the errors (one clears when its field is edited), and the submit that checks what the
// server checks, sends, and shows the server's answer under the field it names.
import { useEffect, useMemo, useRef, useState } from 'react';
import { mutate } from 'swr';
import { useLocation } from 'wouter';
import { type CoordinateField, coordinateErrors, parseCoordinate } from '../../../domain/astro/natal-coordinates';
import { NATAL_MESSAGES, type NatalField, validateNatalForm } from '../../../domain/astro/natal-form';
import { isoToRuDate, ruDateToIso } from '../../../domain/text/ru-format';
import { localDate } from '../../../domain/text/time';
import { ApiError } from '../api';
import { keys, useApi } from '../data';
import { haptic } from '../telegram/bridge';
import type { Coordinates } from './NatalCoordinates';
import { type BirthDataView, fieldOf, getBirthData, postChart } from './natal-api';

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

/** The fields, their errors and the saved birth data they were filled from. */
export function useNatalFields() {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [timeUnknown, setTimeUnknown] = useState(false);
  const [city, setCity] = useState('');
  const [cityId, setCityId] = useState<string | null>(null);
  const [byCoordinates, setByCoordinates] = useState(false);
  const [coords, setCoords] = useState<Coordinates>(() => ({ latitude: '', longitude: '', timeZone: browserZone() }));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<BirthDataView | null>(null);
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

  return {
    ...{ date, setDate, time, setTime, timeUnknown, setTimeUnknown, city, setCity, cityId, setCityId },
    ...{ byCoordinates, setByCoordinates, coords, setCoords, errors, setErrors, saved, edit, requiredOnBlur, filled },
  };
}

export type NatalFields = ReturnType<typeof useNatalFields>;

/** The errors the server's rules would find, checked before sending (typed as ДД.ММ.ГГГГ, sent as ISO). */
function errorsBeforeSending(f: NatalFields, isoDate: string | null, today: string): Errors {
  const { date, time, city, timeUnknown } = f;
  const found: Errors = validateNatalForm({ date: isoDate ?? (date.trim() ? 'invalid' : ''), time, city, timeUnknown }, today);
  if (date.trim() && !isoDate) found.date = 'Укажите дату рождения в формате ДД.ММ.ГГГГ';
  if (f.byCoordinates) Object.assign(found, coordinateErrors(f.coords));
  return found;
}

/** The server's refusal under the field it names («city: …»), or for the whole form. */
function errorsOfAnswer(err: unknown): Errors {
  const message = err instanceof ApiError ? err.message : NATAL_MESSAGES.loadError;
  const { field } = fieldOf(err instanceof ApiError ? err.detail : '');
  if (field && FIELDS.includes(field)) return { [field]: message };
  return { form: err instanceof ApiError && err.status === 401 ? 'Откройте приложение через Telegram, чтобы мы узнали вас.' : message };
}

export function useNatalSubmit(f: NatalFields) {
  const [, navigate] = useLocation();
  const today = useMemo(() => localDate(new Date(), browserZone()), []);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    const isoDate = ruDateToIso(f.date);
    const found = errorsBeforeSending(f, isoDate, today);
    if (Object.keys(found).length) {
      haptic('error');
      f.setErrors(found);
      return;
    }
    setSending(true);
    // «Время рождения неизвестно»: no time is sent, and the chart comes without an ascendant.
    const when = f.timeUnknown ? { timeUnknown: true } : { time: f.time };
    const city = f.city.trim();
    try {
      const chart = await postChart(
        f.byCoordinates
          ? {
              date: isoDate!,
              ...when,
              city,
              latitude: parseCoordinate(f.coords.latitude),
              longitude: parseCoordinate(f.coords.longitude),
              timeZone: f.coords.timeZone,
            }
          : { date: isoDate!, ...when, city, ...(f.cityId ? { cityId: f.cityId } : {}) },
      );
      // The chart screen opens with it, and the form comes back with these data.
      void mutate(keys.natalChart, chart, { revalidate: false });
      void mutate(keys.birthData, { birthData: chart.birthData }, { revalidate: false });
      haptic('success');
      navigate('/natal-chart');
    } catch (err) {
      haptic('error');
      f.setErrors(errorsOfAnswer(err));
    } finally {
      setSending(false);
    }
  };
  return { sending, submit };
}
