// A birthplace given by coordinates: the ranges, the accepted spellings and the messages, one copy for the
// web form (checked before sending) and the API's schema (checked again on the server).
import { NATAL_MESSAGES } from './natal-form';

const LATITUDE_MAX = 90;
const LONGITUDE_MAX = 180;

export type CoordinateField = 'latitude' | 'longitude' | 'timeZone';
export type CoordinateErrors = Partial<Record<CoordinateField, string>>;

/**
 * A coordinate as a form field holds it: a number, or a string written with a point or a comma ("55.75",
 * "55,75", " -22.9 "). Anything else (an empty field, "north") is NaN, which no range accepts.
 */
export function parseCoordinate(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return NaN;
  return Number(value.trim().replace(',', '.'));
}

/** Degrees north (+) or south (-) of the equator. */
export const isLatitude = (n: number): boolean => Number.isFinite(n) && Math.abs(n) <= LATITUDE_MAX;

/** Degrees east (+) or west (-) of Greenwich. */
export const isLongitude = (n: number): boolean => Number.isFinite(n) && Math.abs(n) <= LONGITUDE_MAX;

/** The coordinate fields' errors, each in the words the server uses (empty when they may be sent). */
export function coordinateErrors(input: { latitude: unknown; longitude: unknown; timeZone?: string | null }): CoordinateErrors {
  const errors: CoordinateErrors = {};
  if (!isLatitude(parseCoordinate(input.latitude))) errors.latitude = NATAL_MESSAGES.latitudeInvalid;
  if (!isLongitude(parseCoordinate(input.longitude))) errors.longitude = NATAL_MESSAGES.longitudeInvalid;
  if (!input.timeZone?.trim()) errors.timeZone = NATAL_MESSAGES.timeZoneInvalid;
  return errors;
}
