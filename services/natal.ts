// The natal chart: birth data resolved to a place and a UTC instant (the zone's rules for that date),
// the chart computed by domain/astro/natal.ts, and the birth data kept per user so the chart shows on return.
import * as natalRepo from '../db/repositories/natal';
import type { NatalBirthData } from '../db/schema';
import { cityById, resolveCity, searchCities, type City } from '../domain/astro/cities';
import { computeChart, type NatalChartCore } from '../domain/astro/natal';
import { isLatitude, isLongitude } from '../domain/astro/natal-coordinates';
import { dateError, NATAL_MESSAGES } from '../domain/astro/natal-form';
import { isValidTimeZone, localDate, wallClock, zonedTimeToUtc } from '../domain/text/time';
import type { SignKey } from '../domain/astro/zodiac';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import type { UserService } from './users';

/** What the form sends: a city from the list, or coordinates with a time zone (and an optional name). */
export interface BirthInput {
  date: string;
  /** 'HH:MM'; ignored when the time is unknown. */
  time?: string;
  /** «Время рождения неизвестно»: the chart is drawn without an ascendant. */
  timeUnknown?: boolean;
  city?: string;
  cityId?: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
}

export interface BirthDataView {
  date: string;
  /** 'HH:MM', or '' when the birth time is unknown. */
  time: string;
  timeKnown: boolean;
  /** The place as shown: «Москва, Россия», or the user's own name for coordinates. */
  city: string;
  cityId: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** The birth instant in UTC (ISO 8601). */
  utc: string;
  /** The zone's offset at that instant, «+04:00». */
  utcOffset: string;
}

export interface NatalChartView extends NatalChartCore {
  birthData: BirthDataView;
}

export interface CitySuggestion {
  id: string;
  name: string;
  region: string;
  country: string;
  label: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  rank: number;
}

export const citySuggestion = (c: City): CitySuggestion => ({
  id: c.id,
  name: c.name,
  region: c.region,
  country: c.country,
  label: c.label,
  latitude: c.latitude,
  longitude: c.longitude,
  timeZone: c.timeZone,
  rank: c.rank,
});

const pad = (n: number) => String(n).padStart(2, '0');

function utcOffset(utc: Date, tz: string): string {
  const w = wallClock(utc, tz);
  const minutes = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - utc.getTime()) / 60_000);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** «55,76° с. ш., 37,62° в. д.» for a place given by coordinates without a name. */
export function coordinatesLabel(latitude: number, longitude: number): string {
  const f = (v: number) => Math.abs(v).toFixed(2).replace('.', ',');
  return `${f(latitude)}° ${latitude < 0 ? 'ю. ш.' : 'с. ш.'}, ${f(longitude)}° ${longitude < 0 ? 'з. д.' : 'в. д.'}`;
}

interface Place {
  label: string;
  cityId: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
}

function resolvePlace(input: BirthInput): Place {
  const hasCoordinates = input.latitude !== undefined || input.longitude !== undefined || input.timeZone !== undefined;
  if (hasCoordinates) {
    if (input.latitude === undefined || !isLatitude(input.latitude))
      throw new ServiceError('bad_input', `latitude: ${NATAL_MESSAGES.latitudeInvalid}`);
    if (input.longitude === undefined || !isLongitude(input.longitude))
      throw new ServiceError('bad_input', `longitude: ${NATAL_MESSAGES.longitudeInvalid}`);
    if (!input.timeZone || !isValidTimeZone(input.timeZone))
      throw new ServiceError('bad_input', `timeZone: ${NATAL_MESSAGES.timeZoneInvalid}`);
    const name = input.city?.trim();
    return {
      label: name || coordinatesLabel(input.latitude, input.longitude),
      cityId: null,
      latitude: input.latitude,
      longitude: input.longitude,
      timeZone: input.timeZone,
    };
  }
  const label = input.city?.trim() ?? '';
  const city = (input.cityId ? cityById(input.cityId) : undefined) ?? (label ? resolveCity(label) : undefined);
  if (!city) {
    if (!label && !input.cityId) throw new ServiceError('bad_input', `city: ${NATAL_MESSAGES.cityRequired}`);
    throw new ServiceError('bad_input', `city: ${NATAL_MESSAGES.cityUnknown((label || input.cityId || '').slice(0, 80))}`);
  }
  return { label: city.label, cityId: city.id, latitude: city.latitude, longitude: city.longitude, timeZone: city.timeZone };
}

type Row = Pick<NatalBirthData, 'birth_date' | 'birth_time' | 'place' | 'city_id' | 'latitude' | 'longitude' | 'time_zone'>;

/** A stored birth time is 'HH:MM', or '' when the user did not know it. */
const timeKnownOf = (row: Row) => /^\d{1,2}:\d{2}$/.test(row.birth_time.trim());

function birthDataOf(row: Row): BirthDataView {
  const timeKnown = timeKnownOf(row);
  // Without a time the day's noon stands in for the planets.
  const utc = zonedTimeToUtc(row.birth_date, timeKnown ? row.birth_time : '12:00', row.time_zone);
  return {
    date: row.birth_date,
    time: timeKnown ? row.birth_time : '',
    timeKnown,
    city: row.place,
    cityId: row.city_id,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    utc: utc.toISOString(),
    utcOffset: utcOffset(utc, row.time_zone),
  };
}

function chartOf(row: Row): NatalChartView {
  const birthData = birthDataOf(row);
  return { birthData, ...computeChart(new Date(birthData.utc), row.latitude, row.longitude, birthData.timeKnown) };
}

export function createNatalService(deps: ServiceDeps, users: UserService) {
  return {
    /** Validates the birth data, computes the chart and keeps the data for the user. */
    async chart(userId: number, input: BirthInput): Promise<NatalChartView> {
      const user = await users.requireUser(userId);
      const bad = dateError(input.date ?? '', localDate(deps.clock(), user.time_zone));
      if (bad) throw new ServiceError('bad_input', `date: ${bad}`);
      const place = resolvePlace(input);
      const row = {
        birth_date: input.date.trim(),
        birth_time: input.timeUnknown ? '' : (input.time ?? '').trim().slice(0, 5),
        place: place.label,
        city_id: place.cityId,
        latitude: place.latitude,
        longitude: place.longitude,
        time_zone: place.timeZone,
      };
      // Compute before saving: data that cannot be charted is never kept.
      const view = chartOf(row);
      await natalRepo.saveBirthData(deps.db, userId, {
        birthDate: row.birth_date,
        birthTime: row.birth_time,
        place: row.place,
        cityId: row.city_id,
        latitude: row.latitude,
        longitude: row.longitude,
        timeZone: row.time_zone,
      });
      return view;
    },

    /** The chart of the saved birth data; 404 «Данные рождения не найдены» without any. */
    async savedChart(userId: number): Promise<NatalChartView> {
      const row = await natalRepo.findBirthData(deps.db, userId);
      if (!row) throw new ServiceError('not_found', NATAL_MESSAGES.notFound);
      return chartOf(row);
    },

    /** The saved birth data (to fill the form again), or null. */
    async savedData(userId: number): Promise<BirthDataView | null> {
      const row = await natalRepo.findBirthData(deps.db, userId);
      return row ? birthDataOf(row) : null;
    },

    /** «Новая карта»: forgets the saved birth data. */
    async clear(userId: number): Promise<{ deleted: boolean }> {
      return { deleted: await natalRepo.deleteBirthData(deps.db, userId) };
    },

    searchCities(query: string, limit?: number): CitySuggestion[] {
      return searchCities(query, limit).map(citySuggestion);
    },
  };
}

/** The sun, moon and rising signs of the user's saved chart (for the reading prompt), or null without one. */
export async function natalSigns(
  db: ServiceDeps['db'],
  userId: number,
): Promise<{ sun: SignKey; moon: SignKey; rising: SignKey | null } | null> {
  const row = await natalRepo.findBirthData(db, userId);
  if (!row) return null;
  try {
    const chart = chartOf(row);
    return { sun: chart.planets[0].signKey, moon: chart.planets[1].signKey, rising: chart.ascendant?.signKey ?? null };
  } catch {
    return null;
  }
}

/**
 * The user's points for a synastry (readings for two), from their saved birth data as their own chart computes
 * them; without a birth time (an empty one) the ascendant is null. Null without birth data.
 */
export async function synastryPointsOf(
  db: ServiceDeps['db'],
  userId: number,
): Promise<{ sun: number; moon: number; venus: number; mars: number; ascendant: number | null; hasTime: boolean } | null> {
  const row = await natalRepo.findBirthData(db, userId);
  if (!row) return null;
  const hasTime = timeKnownOf(row);
  // Without a time the day's noon stands in for the planets; the ascendant is left out.
  const chart = chartOf(row);
  const lon = (k: string) => chart.planets.find((p) => p.key === k)!.longitude;
  return {
    sun: lon('sun'),
    moon: lon('moon'),
    venus: lon('venus'),
    mars: lon('mars'),
    ascendant: chart.ascendant?.longitude ?? null,
    hasTime,
  };
}
