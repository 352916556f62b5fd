// «Люди»: the people the user saved (at most 20), each with «Изменить», «Удалить» and, with a birth date,
// the one-sided compatibility; «Добавить человека» opens the form. People are private: only the user sees
// them, and a reading can be asked about one of them («О ком вопрос?» on the question screen).
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { PersonForm } from './PersonForm';
import { PersonItem } from './PersonItem';
import { usePeople } from './usePeople';
import './people.css';

export default function People() {
  const [, navigate] = useLocation();
  const { data, error, mutate, reload, editing, setEditing, open, setOpen, message, remove, full } = usePeople();
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
              <PersonItem
                key={p.id}
                person={p}
                open={open === p.id}
                onToggle={() => setOpen(open === p.id ? null : p.id)}
                onEdit={() => setEditing({ kind: 'edit', person: p })}
                onDelete={() => void remove(p)}
              />
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
