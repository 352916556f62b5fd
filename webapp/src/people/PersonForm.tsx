// Adding or editing a saved person: a name, the relation from the fixed list, and optionally the birth date,
// time (or «неизвестно») and city, the city chosen with the natal form's suggestions. The server checks every
// field and names the one it refuses; the message shows under that field.
import { useId, useState } from 'react';
import { PERSON_NAME_MAX, RELATIONS, type Relation } from '../../../domain/reading/about-person';
import { ApiError } from '../api';
import { NatalCitySearch } from '../natal/NatalCitySearch';
import { haptic } from '../telegram/bridge';
import { createPerson, type PersonBody, type PersonView, updatePerson } from './people-api';
import '../natal/natal.css';

type Field = 'name' | 'relation' | 'birthDate' | 'birthTime' | 'city' | 'form';

/** The field a server message names («city: …»), and the message without it. */
function fieldError(e: unknown): { field: Field; message: string } {
  if (!(e instanceof ApiError)) return { field: 'form', message: 'Не удалось сохранить. Попробуйте ещё раз.' };
  const m = /^(name|relation|birthDate|birthTime|city|cityId): (.*)$/s.exec(e.detail);
  if (!m) return { field: 'form', message: e.message };
  return { field: (m[1] === 'cityId' ? 'city' : m[1]) as Field, message: m[2][0].toUpperCase() + m[2].slice(1) };
}

export function PersonForm(props: { person: PersonView | null; onSaved: (p: PersonView) => void; onCancel: () => void }) {
  const ids = useId();
  const p = props.person;
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
      props.onSaved(saved);
    } catch (e) {
      haptic('error');
      setError(fieldError(e));
    } finally {
      setBusy(false);
    }
  };

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
      {withBirth && (
        <>
          <div className="person-when">
            <div className="field">
              <label htmlFor={`${ids}-date`}>Дата рождения</label>
              <input
                id={`${ids}-date`}
                type="date"
                className={`input${errorOf('birthDate') ? ' is-invalid' : ''}`}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                data-testid="person-date"
              />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-time`}>Время (если известно)</label>
              <input
                id={`${ids}-time`}
                type="time"
                className="input"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                data-testid="person-time"
              />
            </div>
          </div>
          {(errorOf('birthDate') || errorOf('birthTime')) && <p className="field-error">{errorOf('birthDate') ?? errorOf('birthTime')}</p>}
          <NatalCitySearch
            ids={`${ids}-place`}
            city={city}
            cityId={cityId}
            byCoordinates={false}
            error={errorOf('city')}
            onType={(v) => {
              setCity(v);
              setCityId(null);
            }}
            onChoose={(c) => {
              setCity(c.label);
              setCityId(c.id);
            }}
            onLeave={() => {}}
            onToggleCoordinates={() => {}}
          />
        </>
      )}
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
