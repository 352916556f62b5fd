// Adding or editing a saved person: a name, the relation from the fixed list, and optionally the birth date,
// time (or «неизвестно») and city, the city chosen with the natal form's suggestions. The server checks every
// field and names the one it refuses; the message shows under that field.
import { useId } from 'react';
import { PERSON_NAME_MAX, RELATIONS, type Relation } from '../../../domain/reading/about-person';
import { PersonBirthFields } from './PersonBirthFields';
import type { PersonView } from './people-api';
import { usePersonForm } from './usePersonForm';
import '../natal/natal.css';

export function PersonForm(props: { person: PersonView | null; onSaved: (p: PersonView) => void; onCancel: () => void }) {
  const ids = useId();
  const p = props.person;
  const { name, setName, relation, setRelation, withBirth, setWithBirth, birth, errorOf, busy, save } = usePersonForm(p, props.onSaved);

  return (
    <form
      className="panel person-form"
      data-testid="person-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="section-title">{p ? 'Изменить' : 'Новый человек'}</h2>
      <div className="field">
        <label htmlFor={`${ids}-name`}>Имя</label>
        <input
          id={`${ids}-name`}
          className={`input${errorOf('name') ? ' is-invalid' : ''}`}
          maxLength={PERSON_NAME_MAX}
          value={name}
          placeholder="Например, Лена"
          onChange={(e) => setName(e.target.value)}
          data-testid="person-name"
        />
        {errorOf('name') && <p className="field-error">{errorOf('name')}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-relation`}>Кем приходится</label>
        <select
          id={`${ids}-relation`}
          className="input"
          value={relation}
          onChange={(e) => setRelation(e.target.value as Relation)}
          data-testid="person-relation"
        >
          {RELATIONS.map((r) => (
            <option key={r.key} value={r.key}>
              {r.label}
            </option>
          ))}
        </select>
      </div>
      <label className="setting-row person-birth-toggle">
        <span>Знаю дату рождения (для совместимости)</span>
        <input type="checkbox" checked={withBirth} onChange={(e) => setWithBirth(e.target.checked)} data-testid="person-with-birth" />
      </label>
      {withBirth && <PersonBirthFields ids={ids} birth={birth} errorOf={errorOf} />}
      {errorOf('form') && (
        <p className="pay-message" role="alert" data-testid="person-error">
          {errorOf('form')}
        </p>
      )}
      <div className="person-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="person-save">
          Сохранить
        </button>
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}
