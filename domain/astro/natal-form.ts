// The natal form's rules, shared by the web form and the API so both say the same words:
// date, time and place are required; the date may not be later than today in the user's time zone.

export const NATAL_MESSAGES = {
  dateRequired: 'Укажите дату рождения',
  dateInvalid: 'Укажите дату рождения в формате ГГГГ-ММ-ДД',
  dateInFuture: 'Дата рождения не может быть позже сегодняшнего дня',
  dateTooEarly: 'Дата рождения не может быть раньше 1900 года',
  timeRequired: 'Укажите время рождения',
  timeInvalid: 'Укажите время рождения в формате ЧЧ:ММ',
  cityRequired: 'Укажите место рождения',
  cityUnknown: (city: string) => `Город «${city}» не найден. Выберите город из подсказок или укажите координаты и часовой пояс`,
  latitudeInvalid: 'Широта должна быть числом от -90 до 90',
  longitudeInvalid: 'Долгота должна быть числом от -180 до 180',
  timeZoneInvalid: 'Укажите часовой пояс (например, Europe/Moscow)',
  notFound: 'Данные рождения не найдены',
  loadError: 'Произошла ошибка при загрузке данных',
} as const;

export const NATAL_MIN_DATE = '1900-01-01';

export type NatalField = 'date' | 'time' | 'city';
export type NatalFormErrors = Partial<Record<NatalField, string>>;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** True for 'HH:MM' (00:00..23:59); seconds ('HH:MM:SS', as some pickers send) are accepted and ignored. */
export function isClockTime(s: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(s);
}

/** The date's own error, if any; `today` is 'YYYY-MM-DD' in the user's zone. */
export function dateError(date: string, today: string): string | undefined {
  const d = date.trim();
  if (!d) return NATAL_MESSAGES.dateRequired;
  if (!isIsoDate(d)) return NATAL_MESSAGES.dateInvalid;
  if (d < NATAL_MIN_DATE) return NATAL_MESSAGES.dateTooEarly;
  if (d > today) return NATAL_MESSAGES.dateInFuture;
  return undefined;
}

/** The form's errors by field (empty when it may be sent). */
export function validateNatalForm(
  form: { date: string; time: string; city: string; timeUnknown?: boolean },
  today: string,
): NatalFormErrors {
  const errors: NatalFormErrors = {};
  const date = dateError(form.date, today);
  if (date) errors.date = date;
  const time = form.timeUnknown ? null : form.time.trim();
  if (time === null) {
    // «Время рождения неизвестно»: no time to check.
  } else if (!time) errors.time = NATAL_MESSAGES.timeRequired;
  else if (!isClockTime(time)) errors.time = NATAL_MESSAGES.timeInvalid;
  if (!form.city.trim()) errors.city = NATAL_MESSAGES.cityRequired;
  return errors;
}
