// «Люди»: the calls (server: api/routes/people.ts), typed by the routes through the API client.
import type { Relation } from '../../../domain/reading/about-person';
import { call, client, type DataOf } from '../api';

export type PeopleList = DataOf<typeof client.people.$get>;
export type PersonView = PeopleList['people'][number];
export type PersonBody = {
  name: string;
  relation: Relation;
  birthDate: string | null;
  birthTime: string | null;
  timeUnknown: boolean;
  city: string | null;
  cityId: string | null;
};

export const peopleKeys = { list: '/api/people', synastry: (id: number) => `/api/people/${id}/synastry` } as const;

export const getPeople = () => call(client.people.$get());
export const createPerson = (body: PersonBody) => call(client.people.$post({ json: body }));
export const updatePerson = (id: number, body: PersonBody) => call(client.people[':id'].$put({ param: { id: String(id) }, json: body }));
export const deletePerson = (id: number) => call(client.people[':id'].$delete({ param: { id: String(id) } }));
export const getPersonSynastry = (id: number) => call(client.people[':id'].synastry.$get({ param: { id: String(id) } }));
