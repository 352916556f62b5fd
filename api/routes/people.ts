// «Люди»: the people the caller saved (list, add, edit, delete) and the one-sided synastry with one of them.
import { Hono } from 'hono';
import * as z from 'zod';
import { PERSON_NAME_MAX, RELATION_KEYS } from '../../domain/reading/about-person';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';
import { flag, personIdParam } from '../schemas';

const text = (max: number, message: string) => z.string({ error: message }).max(max, message);

/** The shape only; the service checks the name's letters, the date and resolves the city (naming the field). */
const personBody = z.object({
  name: z.string({ error: 'укажите имя' }).max(PERSON_NAME_MAX * 4, `имя не длиннее ${PERSON_NAME_MAX} символов`),
  relation: z.enum(RELATION_KEYS, { error: 'выберите, кем вам приходится человек' }),
  birthDate: text(10, 'дата в формате ГГГГ-ММ-ДД').nullable().optional(),
  birthTime: text(5, 'время в формате ЧЧ:ММ').nullable().optional(),
  timeUnknown: flag.optional(),
  city: text(200, 'название города не длиннее 200 символов').nullable().optional(),
  cityId: text(80, 'неизвестный город').nullable().optional(),
});

export const peopleRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/', async (c) => ok(c, await s.people.list(c.var.userId)))
    .post('/', validate('json', personBody), async (c) => ok(c, await s.people.create(c.var.userId, c.req.valid('json')), 201))
    .put('/:id', validate('param', personIdParam), validate('json', personBody), async (c) =>
      ok(c, await s.people.update(c.var.userId, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', validate('param', personIdParam), async (c) => ok(c, await s.people.remove(c.var.userId, c.req.valid('param').id)))
    .get('/:id/synastry', validate('param', personIdParam), async (c) =>
      ok(c, await s.people.synastry(c.var.userId, c.req.valid('param').id)),
    );
