// Russian formats for what the user types and reads, whatever the device's locale: dates as ДД.ММ.ГГГГ,
// times on the 24-hour clock (ЧЧ:ММ), and a time zone as its city and UTC offset («Екатеринбург, UTC+05:00»).

const digits = (s: string, max: number) => s.replace(/\D/g, '').slice(0, max);

/** Typing mask: «15051990» → «15.05.1990» (dots inserted as the digits come). */
export function maskRuDate(input: string): string {
  const d = digits(input, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}.${d.slice(2)}`;
  return `${d.slice(0, 2)}.${d.slice(2, 4)}.${d.slice(4)}`;
}

/** Typing mask: «0730» → «07:30». */
export function maskClock(input: string): string {
  const d = digits(input, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}:${d.slice(2)}`;
}

/** «15.05.1990» → «1990-05-15»; null for anything else (the caller says which format is expected). */
export function ruDateToIso(s: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** «1990-05-15» → «15.05.1990». */
export function isoToRuDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** The zone's offset at `at` as «+05:00». */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    const m = /GMT([+-]\d{2}:\d{2})/.exec(name);
    return m ? m[1] : '+00:00';
  } catch {
    return '+00:00';
  }
}

/** Russian names of the zones of the birthplaces we know (some browsers carry no Russian zone names). */
const ZONE_CITIES: Record<string, string> = {
  'Europe/Kaliningrad': 'Калининград',
  'Europe/Moscow': 'Москва',
  'Europe/Simferopol': 'Симферополь',
  'Europe/Kirov': 'Киров',
  'Europe/Volgograd': 'Волгоград',
  'Europe/Astrakhan': 'Астрахань',
  'Europe/Saratov': 'Саратов',
  'Europe/Ulyanovsk': 'Ульяновск',
  'Europe/Samara': 'Самара',
  'Asia/Yekaterinburg': 'Екатеринбург',
  'Asia/Omsk': 'Омск',
  'Asia/Novosibirsk': 'Новосибирск',
  'Asia/Barnaul': 'Барнаул',
  'Asia/Tomsk': 'Томск',
  'Asia/Novokuznetsk': 'Новокузнецк',
  'Asia/Krasnoyarsk': 'Красноярск',
  'Asia/Irkutsk': 'Иркутск',
  'Asia/Chita': 'Чита',
  'Asia/Yakutsk': 'Якутск',
  'Asia/Khandyga': 'Хандыга',
  'Asia/Vladivostok': 'Владивосток',
  'Asia/Ust-Nera': 'Усть-Нера',
  'Asia/Magadan': 'Магадан',
  'Asia/Sakhalin': 'Сахалин',
  'Asia/Srednekolymsk': 'Среднеколымск',
  'Asia/Kamchatka': 'Камчатка',
  'Asia/Anadyr': 'Анадырь',
  'Europe/Minsk': 'Минск',
  'Europe/Kiev': 'Киев',
  'Europe/Kyiv': 'Киев',
  'Europe/Chisinau': 'Кишинёв',
  'Asia/Almaty': 'Алматы',
  'Asia/Qostanay': 'Костанай',
  'Asia/Aqtobe': 'Актобе',
  'Asia/Aqtau': 'Актау',
  'Asia/Atyrau': 'Атырау',
  'Asia/Oral': 'Уральск',
  'Asia/Qyzylorda': 'Кызылорда',
  'Asia/Tashkent': 'Ташкент',
  'Asia/Samarkand': 'Самарканд',
  'Asia/Bishkek': 'Бишкек',
  'Asia/Dushanbe': 'Душанбе',
  'Asia/Ashgabat': 'Ашхабад',
  'Asia/Baku': 'Баку',
  'Asia/Tbilisi': 'Тбилиси',
  'Asia/Yerevan': 'Ереван',
  'Europe/Riga': 'Рига',
  'Europe/Vilnius': 'Вильнюс',
  'Europe/Tallinn': 'Таллин',
};

/** The zone's city in Russian («Asia/Yekaterinburg» → «Екатеринбург»): our table, then the platform's data. */
export function zoneCityRu(zone: string): string {
  if (ZONE_CITIES[zone]) return ZONE_CITIES[zone];
  try {
    const name = new Intl.DateTimeFormat('ru-RU', { timeZone: zone, timeZoneName: 'shortGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    // Without Russian data the platform answers «GMT+5»: fall back to the zone's own last part.
    if (name && /\p{Script=Cyrillic}/u.test(name)) return name;
  } catch {
    /* an unknown zone: the id below */
  }
  return zone.split('/').pop()!.replace(/_/g, ' ');
}

/** «Екатеринбург, UTC+05:00» (the offset `utcOffset` when the caller knows the one of a past date). */
export function zoneLabelRu(zone: string, utcOffset?: string, at?: Date): string {
  return `${zoneCityRu(zone)}, UTC${utcOffset ?? zoneOffset(zone, at)}`;
}
