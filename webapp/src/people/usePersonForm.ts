// The person form's state and its save: the fields, and the server's refusal mapped to the field it names.
import { useState } from 'react';
import type { Relation } from '../../../domain/reading/about-person';
import { ApiError } from '../api';
import { haptic } from '../telegram/bridge';
import { createPerson, type PersonBody, type PersonView, updatePerson } from './people-api';

export type Field = 'name' | 'relation' | 'birthDate' | 'birthTime' | 'city' | 'form';

/** The field a server message names («city: …»), and the message without it. */
function fieldError(e: unknown): { field: Field; message: string } {
  if (!(e instanceof ApiError)) return { field: 'form', message: 'Не удалось сохранить. Попробуйте ещё раз.' };
  const m = /^(name|relation|birthDate|birthTime|city|cityId): (.*)$/s.exec(e.detail);
  if (!m) return { field: 'form', message: e.message };
  return { field: (m[1] === 'cityId' ? 'city' : m[1]) as Field, message: m[2][0].toUpperCase() + m[2].slice(1) };
}

export function usePersonForm(p: PersonView | null, onSaved: (p: PersonView) => void) {
  const [name, setName] = useState(p?.name ?? '');
  const [relation, setRelation] = useState<Relation>((p?.relation as Relation) ?? 'partner');
  const [withBirth, setWithBirth] = useState(!!p?.birth);
  const [date, setDate] = useState(p?.birth?.date ?? '');
  const [time, setTime] = useState(p?.birth?.time ?? '');
  const [city, setCity] = useState(p?.birth?.city ?? '');
  const [cityId, setCityId] = useState<string | null>(p?.birth?.cityId ?? null);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const errorOf = (f: Field) => (error?.field === f ? error.message : undefined);

  const save = async () => {
    setBusy(true);
    setError(null);
    const body: PersonBody = {
      name,
      relation,
      birthDate: withBirth ? date : null,
      birthTime: withBirth && time ? time : null,
      timeUnknown: withBirth && !time,
      city: withBirth ? city : null,
      cityId: withBirth ? cityId : null,
    };
    try {
      const saved = p ? await updatePerson(p.id, body) : await createPerson(body);
      haptic('success');
      onSaved(saved);
    } catch (e) {
      haptic('error');
      setError(fieldError(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    name,
    setName,
    relation,
    setRelation,
    withBirth,
    setWithBirth,
    birth: { date, setDate, time, setTime, city, setCity, cityId, setCityId },
    errorOf,
    busy,
    save,
  };
}

export type BirthState = ReturnType<typeof usePersonForm>['birth'];
