// The natal chart: computed from birth data, kept per user, and the birthplace suggestions.
import { Hono } from 'hono';
import * as z from 'zod';
import { isLatitude, isLongitude, parseCoordinate } from '../../domain/astro/natal-coordinates';
import { isClockTime, isIsoDate, NATAL_MESSAGES } from '../../domain/astro/natal-form';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

/** A number, or a numeric string from a form field ("55.75" or "55,75"), within the domain's range. */
const coordinate = (message: string, inRange: (n: number) => boolean) =>
  z.preprocess(parseCoordinate, z.number({ error: message }).refine(inRange, message));

// Field order is the form's order: the first missing field is the one named.
const chartBody = z
  .object({
    date: required(NATAL_MESSAGES.dateRequired).refine(isIsoDate, NATAL_MESSAGES.dateInvalid),
    time: z.string({ error: NATAL_MESSAGES.timeRequired }).trim().max(100, NATAL_MESSAGES.timeInvalid).optional(),
    timeUnknown: z.boolean({ error: 'ожидается true или false' }).optional(),
    city: z.string({ error: NATAL_MESSAGES.cityRequired }).trim().max(200, 'не больше 200 символов').optional(),
    cityId: z.string({ error: 'ожидается строка' }).max(120).optional(),
    latitude: coordinate(NATAL_MESSAGES.latitudeInvalid, isLatitude).optional(),
    longitude: coordinate(NATAL_MESSAGES.longitudeInvalid, isLongitude).optional(),
    timeZone: z.string({ error: NATAL_MESSAGES.timeZoneInvalid }).trim().min(1, NATAL_MESSAGES.timeZoneInvalid).max(64).optional(),
  })
  .superRefine((b, ctx) => {
    // «Время рождения неизвестно»: no time is needed (one sent anyway is ignored).
    if (!b.timeUnknown) {
      if (!b.time) ctx.addIssue({ code: 'custom', path: ['time'], message: NATAL_MESSAGES.timeRequired });
      else if (!isClockTime(b.time)) ctx.addIssue({ code: 'custom', path: ['time'], message: NATAL_MESSAGES.timeInvalid });
    }
    const coords = b.latitude !== undefined || b.longitude !== undefined || b.timeZone !== undefined;
    if (!coords && !b.city && !b.cityId) ctx.addIssue({ code: 'custom', path: ['city'], message: NATAL_MESSAGES.cityRequired });
    if (coords) {
      if (b.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: NATAL_MESSAGES.latitudeInvalid });
      else if (b.longitude === undefined) ctx.addIssue({ code: 'custom', path: ['longitude'], message: NATAL_MESSAGES.longitudeInvalid });
      else if (b.timeZone === undefined) ctx.addIssue({ code: 'custom', path: ['timeZone'], message: NATAL_MESSAGES.timeZoneInvalid });
    }
  });

const citiesQuery = z.object({
  q: z.string().max(100, 'не больше 100 символов').default(''),
  limit: z.coerce
    .number({ error: 'ожидается число' })
    .int('ожидается целое число')
    .min(1, 'не меньше 1')
    .max(20, 'не больше 20')
    .default(10),
});

export const natalRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .post('/chart', validate('json', chartBody), async (c) => ok(c, await s.natal.chart(c.var.userId, c.req.valid('json'))))
    .get('/chart', async (c) => ok(c, await s.natal.savedChart(c.var.userId)))
    .get('/data', async (c) => ok(c, { birthData: await s.natal.savedData(c.var.userId) }))
    // «Ближайшие 30 дней»: the transits to the saved chart, kept per user and day (services/transits.ts).
    .get('/transits', async (c) => ok(c, await s.transits.forecast(c.var.userId)))
    .delete('/data', async (c) => ok(c, await s.natal.clear(c.var.userId)))
    .get('/cities', validate('query', citiesQuery), (c) => {
      const { q, limit } = c.req.valid('query');
      return ok(c, { cities: s.natal.searchCities(q, limit) });
    });
