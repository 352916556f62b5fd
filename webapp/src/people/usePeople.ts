// The «Люди» screen's state: the saved people, which one is being edited or added, whose compatibility is
// open, and the message a failed deletion leaves.
import { useState } from 'react';
import { ApiError } from '../api';
import { useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { deletePerson, getPeople, peopleKeys, type PersonView } from './people-api';

type Editing = { kind: 'new' } | { kind: 'edit'; person: PersonView } | null;

export function usePeople() {
  const { data, error, mutate, reload } = useApi(peopleKeys.list, getPeople);
  const [editing, setEditing] = useState<Editing>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const remove = async (p: PersonView) => {
    setMessage(null);
    try {
      await deletePerson(p.id);
      haptic('select');
      await mutate();
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось удалить');
    }
  };

  const full = !!data && data.people.length >= data.limit;
  return { data, error, mutate, reload, editing, setEditing, open, setOpen, message, remove, full };
}
