// «Люди»: the people a user saves (a name, a relation, optionally birth data), at most PEOPLE_LIMIT, private to
// the user. A reading may be asked about one of them (services/readings.ts keeps a snapshot on the reading);
// a person with a birth date gets a one-sided synastry with the user: the same aspects as readings for two,
// from data only the user entered (the other person took no part).
import * as peopleRepo from '../db/repositories/people';
import type { PersonRow } from '../db/schema';
import { cityById, resolveCity } from '../domain/astro/cities';
import { computeChart } from '../domain/astro/natal';
import { dateError, NATAL_MESSAGES } from '../domain/astro/natal-form';
import {
  missingTimeNote,
  pointName,
  pointSymbol,
  SYNASTRY_POINTS,
  synastryAspects,
  type SynastryAspect,
  type SynastryPoint,
} from '../domain/astro/synastry';
import {
  type AboutPerson,
  PEOPLE_LIMIT,
  PERSON_NAME_MAX,
  personGender,
  RELATION_KEYS,
  relationLabel,
} from '../domain/reading/about-person';
import { localDate, zonedTimeToUtc } from '../domain/text/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { synastryPointsOf } from './natal';
import type { UserService } from './users';

/** What the form sends (the natal form's fields, all optional but the name and the relation). */
export interface PersonInput {
  name: string;
  relation: string;
  birthDate?: string | null;
  birthTime?: string | null;
  timeUnknown?: boolean;
  city?: string | null;
  cityId?: string | null;
}

export interface PersonView {
  id: number;
  name: string;
  relation: string;
  relationLabel: string;
  gender: 'm' | 'f' | null;
  /** Null without a birth date. */
  birth: { date: string; time: string; timeKnown: boolean; city: string; cityId: string | null } | null;
}

/** The same shape as a pair's synastry (services/pairs.ts), so the app draws both with one component. */
export interface PersonSynastryView {
  aspects: SynastryAspect[] | null;
  reason: string | null;
  note: string | null;
  points: { key: SynastryPoint; name: string; symbol: string; me: number | null; partner: number | null }[];
}

export const ONE_SIDED_NOTE = (name: string) =>
  `Совместимость односторонняя: данные рождения ввели вы, ${name} в этом не участвовал(а) и не знает о расчёте.`;

const personView = (p: PersonRow): PersonView => ({
  id: p.id,
  name: p.name,
  relation: p.relation,
  relationLabel: relationLabel(p.relation),
  gender: personGender(p.name, p.relation),
  birth: p.birth_date
    ? { date: p.birth_date, time: p.birth_time ?? '', timeKnown: !!p.birth_time, city: p.place ?? '', cityId: p.city_id }
    : null,
});

/** The reading's snapshot of a person. */
export const aboutPersonOf = (p: PersonRow): AboutPerson => ({
  name: p.name,
  relation: p.relation,
  gender: personGender(p.name, p.relation),
});

const bad = (message: string) => new ServiceError('bad_input', message);

/** Checks the form and resolves the place; throws a 400 naming the field. */
function checkInput(input: PersonInput, today: string): peopleRepo.PersonInput {
  const name = (input.name ?? '').replace(/\s+/g, ' ').trim();
  if (!name) throw bad('name: укажите имя');
  if (name.length > PERSON_NAME_MAX) throw bad(`name: имя не длиннее ${PERSON_NAME_MAX} символов`);
  if (!/\p{L}/u.test(name)) throw bad('name: в имени должна быть хотя бы одна буква');
  if (!(RELATION_KEYS as readonly string[]).includes(input.relation)) throw bad('relation: выберите, кем вам приходится человек');
  const none = { birthDate: null, birthTime: null, place: null, cityId: null, latitude: null, longitude: null, timeZone: null };
  const date = input.birthDate?.trim() ?? '';
  if (!date) return { name, relation: input.relation, ...none };
  const wrong = dateError(date, today);
  if (wrong) throw bad(`birthDate: ${wrong}`);
  const time = input.timeUnknown ? '' : (input.birthTime ?? '').trim();
  if (time && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw bad(`birthTime: ${NATAL_MESSAGES.timeInvalid}`);
  const label = input.city?.trim() ?? '';
  const city = (input.cityId ? cityById(input.cityId) : undefined) ?? (label ? resolveCity(label) : undefined);
  if (!city)
    throw bad(
      `city: ${label || input.cityId ? NATAL_MESSAGES.cityUnknown((label || input.cityId || '').slice(0, 80)) : NATAL_MESSAGES.cityRequired}`,
    );
  return {
    name,
    relation: input.relation,
    birthDate: date,
    birthTime: time,
    place: city.label,
    cityId: city.id,
    latitude: city.latitude,
    longitude: city.longitude,
    timeZone: city.timeZone,
  };
}

/** The person's synastry points from their saved birth data (noon without a time; no ascendant then). */
function pointsOf(p: PersonRow) {
  const hasTime = !!p.birth_time;
  const utc = zonedTimeToUtc(p.birth_date!, hasTime ? p.birth_time! : '12:00', p.time_zone!);
  const chart = computeChart(utc, p.latitude!, p.longitude!, hasTime);
  const lon = (k: string) => chart.planets.find((x) => x.key === k)!.longitude;
  return {
    sun: lon('sun'),
    moon: lon('moon'),
    venus: lon('venus'),
    mars: lon('mars'),
    ascendant: chart.ascendant?.longitude ?? null,
    hasTime,
  };
}

export function createPeopleService(deps: ServiceDeps, users: UserService) {
  const db = deps.db;

  async function owned(userId: number, id: number): Promise<PersonRow> {
    const p = await peopleRepo.findPerson(db, userId, id);
    if (!p) throw new ServiceError('not_found', 'Человек не найден');
    return p;
  }

  return {
    async list(userId: number): Promise<{ people: PersonView[]; limit: number }> {
      return { people: (await peopleRepo.listPeople(db, userId)).map(personView), limit: PEOPLE_LIMIT };
    },

    async create(userId: number, input: PersonInput): Promise<PersonView> {
      const user = await users.requireUser(userId);
      const row = checkInput(input, localDate(deps.clock(), user.time_zone));
      const saved = await db.transaction().execute((trx) => peopleRepo.insertPerson(trx, userId, row, PEOPLE_LIMIT));
      if (!saved)
        throw new ServiceError(
          'limit_reached',
          `Можно сохранить не больше ${PEOPLE_LIMIT} человек. Удалите кого-нибудь, чтобы добавить нового.`,
        );
      return personView(saved);
    },

    async update(userId: number, id: number, input: PersonInput): Promise<PersonView> {
      const user = await users.requireUser(userId);
      const row = checkInput(input, localDate(deps.clock(), user.time_zone));
      const saved = await peopleRepo.updatePerson(db, userId, id, row);
      if (!saved) throw new ServiceError('not_found', 'Человек не найден');
      return personView(saved);
    },

    async remove(userId: number, id: number): Promise<{ deleted: true }> {
      if (!(await peopleRepo.deletePerson(db, userId, id))) throw new ServiceError('not_found', 'Человек не найден');
      return { deleted: true };
    },

    /** The one-sided synastry of the caller with a saved person: their chart against the birth data the caller entered. */
    async synastry(userId: number, id: number): Promise<PersonSynastryView & { person: PersonView; oneSided: true }> {
      const p = await owned(userId, id);
      const person = personView(p);
      const base = { person, oneSided: true as const };
      const empty = (reason: string) => ({ ...base, aspects: null, reason, note: null, points: [] });
      if (!p.birth_date) return empty(`Укажите дату рождения: ${p.name}, чтобы увидеть совместимость.`);
      const me = await synastryPointsOf(db, userId);
      if (!me) return empty('Заполните свою натальную карту, чтобы увидеть совместимость.');
      const other = pointsOf(p);
      const names = { first: 'у вас', second: `у человека по имени ${p.name}` };
      const mine = { ...me, ascendant: other.ascendant === null ? null : me.ascendant };
      const theirs = { ...other, ascendant: me.ascendant === null ? null : other.ascendant };
      const timeNote = missingTimeNote(me.hasTime, other.hasTime, names);
      return {
        ...base,
        aspects: synastryAspects(mine, theirs, names),
        reason: null,
        note: [ONE_SIDED_NOTE(p.name), timeNote].filter(Boolean).join(' '),
        points: SYNASTRY_POINTS.filter((k) => mine[k] !== null).map((k) => ({
          key: k,
          name: pointName(k),
          symbol: pointSymbol(k),
          me: mine[k],
          partner: theirs[k],
        })),
      };
    },
  };
}
