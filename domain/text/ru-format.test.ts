import { describe, expect, it } from 'vitest';
import { isoToRuDate, maskClock, maskRuDate, ruDateToIso, zoneCityRu, zoneLabelRu, zoneOffset } from './ru-format';

describe('Russian formats', () => {
  it('masks dates as ДД.ММ.ГГГГ and times as ЧЧ:ММ while typing', () => {
    expect(maskRuDate('1')).toBe('1');
    expect(maskRuDate('1505')).toBe('15.05');
    expect(maskRuDate('15051990')).toBe('15.05.1990');
    expect(maskRuDate('15.05.19901')).toBe('15.05.1990');
    expect(maskClock('0730')).toBe('07:30');
    expect(maskClock('7')).toBe('7');
    expect(maskClock('23:59')).toBe('23:59');
  });

  it('converts between ДД.ММ.ГГГГ and ISO', () => {
    expect(ruDateToIso('15.05.1990')).toBe('1990-05-15');
    expect(ruDateToIso('1990-05-15')).toBeNull();
    expect(ruDateToIso('5.5.1990')).toBeNull();
    expect(isoToRuDate('1990-05-15')).toBe('15.05.1990');
  });

  it('names a zone by its city in Russian with its UTC offset', () => {
    expect(zoneCityRu('Asia/Yekaterinburg')).toBe('Екатеринбург');
    expect(zoneCityRu('Europe/Moscow')).toBe('Москва');
    expect(zoneOffset('Asia/Yekaterinburg', new Date('2025-01-01T00:00:00Z'))).toBe('+05:00');
    expect(zoneLabelRu('Asia/Yekaterinburg', '+05:00')).toBe('Екатеринбург, UTC+05:00');
    expect(zoneLabelRu('Europe/Moscow', undefined, new Date('2025-06-01T00:00:00Z'))).toBe('Москва, UTC+03:00');
  });
});
