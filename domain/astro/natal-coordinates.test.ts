import { describe, expect, it } from 'vitest';
import { NATAL_MESSAGES } from './natal-form';
import { coordinateErrors, isLatitude, isLongitude, parseCoordinate } from './natal-coordinates';

describe('natal coordinates', () => {
  it('reads a point or a comma, and nothing else', () => {
    expect(parseCoordinate('55,75')).toBe(55.75);
    expect(parseCoordinate(' -22.9 ')).toBe(-22.9);
    expect(parseCoordinate(37.62)).toBe(37.62);
    for (const bad of ['', '  ', 'north', null, undefined, true]) expect(parseCoordinate(bad)).toBeNaN();
  });

  it('keeps latitude within ±90 and longitude within ±180, the edges included', () => {
    expect([90, -90, 0].every(isLatitude)).toBe(true);
    expect([90.01, -91, NaN, Infinity].some(isLatitude)).toBe(false);
    expect([180, -180].every(isLongitude)).toBe(true);
    expect([180.5, -181, NaN].some(isLongitude)).toBe(false);
  });

  it('names each wrong field with the server’s message', () => {
    expect(coordinateErrors({ latitude: '55,75', longitude: '37.62', timeZone: 'Europe/Moscow' })).toEqual({});
    expect(coordinateErrors({ latitude: '91', longitude: '', timeZone: ' ' })).toEqual({
      latitude: NATAL_MESSAGES.latitudeInvalid,
      longitude: NATAL_MESSAGES.longitudeInvalid,
      timeZone: NATAL_MESSAGES.timeZoneInvalid,
    });
  });
});
