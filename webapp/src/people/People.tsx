// «Люди»: the people the user saved (at most 20), each with «Изменить», «Удалить» and, with a birth date,
// the one-sided compatibility; «Добавить человека» opens the form. People are private: only the user sees
// them, and a reading can be asked about one of them («О ком вопрос?» on the question screen).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../api';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { PersonForm } from './PersonForm';
import { PersonSynastry } from './PersonSynastry';
import { deletePerson, getPeople, peopleKeys, type PersonView } from './people-api';
import './people.css';

type Editing = { kind: 'new' } | { kind: 'edit'; person: PersonView } | null;

export default function People() {
  const [, navigate] = useLocation();
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
  return (
    <Page back={() => navigate('/')} testId="people" loading={!data && !error}>
      <header className="screen-head">
        <p className="kicker">Люди в вашей жизни</p>
        <h1 className="title">Люди</h1>
        <p className="hint">
          Сохраните близких, чтобы спрашивать карты о них: толкование будет говорить о человеке по имени. Видите их только вы.
        </p>
      </header>
      {error && !data && <ErrorBlock message={error.message} onRetry={reload} />}
      {editing && (
        <PersonForm
          person={editing.kind === 'edit' ? editing.person : null}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
      {data && !editing && (
        <>
          {data.people.length === 0 && (
            <p className="hint" data-testid="people-empty">
              Пока никого нет.
            </p>
          )}
          <ul className="people-list" data-testid="people-list">
            {data.people.map((p) => (
              <li key={p.id} className="panel person-item" data-testid="person-item">
                <div className="person-head">
                  <span className="person-name">{p.name}</span>
                  <span className="hint">
                    {p.relationLabel}
                    {p.birth ? ` · ${p.birth.date.split('-').reverse().join('.')}` : ''}
                  </span>
                </div>
                <div className="person-buttons">
                  {p.birth && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setOpen(open === p.id ? null : p.id)}
                      data-testid="person-synastry-toggle"
                    >
                      {open === p.id ? 'Скрыть совместимость' : 'Совместимость'}
                    </button>
                  )}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setEditing({ kind: 'edit', person: p })}
                    data-testid="person-edit"
                  >
                    Изменить
                  </button>
                  <button type="button" className="link-button is-danger" onClick={() => void remove(p)} data-testid="person-delete">
                    Удалить
                  </button>
                </div>
                {open === p.id && <PersonSynastry id={p.id} />}
              </li>
            ))}
          </ul>
          {message && (
            <p className="pay-message" role="alert">
              {message}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={full}
            onClick={() => setEditing({ kind: 'new' })}
            data-testid="person-add"
          >
            Добавить человека
          </button>
          <p className="hint">
            {full
              ? `Сохранено ${data.limit} из ${data.limit}: удалите кого-нибудь, чтобы добавить нового.`
              : `Можно сохранить до ${data.limit} человек.`}
          </p>
        </>
      )}
    </Page>
  );
}
