// «О ком вопрос?» on the question screen: «О себе» or one of the saved people. The chosen person goes with the
// question to the server (the flow's personId), and the reading speaks of them in the third person by name.
// A new choice after cards were dealt starts a new reading, as a new wording does.
import { Link } from 'wouter';
import { setFlow, useFlow } from '../flow';
import { useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { getPeople, peopleKeys } from './people-api';
import './people.css';

export function AboutPersonPicker() {
  const flow = useFlow();
  // The list is a help: when it fails to load, the question is simply about the asker.
  const { data } = useApi(peopleKeys.list, getPeople);
  const chosen = flow.personId ?? null;
  const choose = (id: number | null) => {
    if (id === chosen) return;
    haptic('select');
    setFlow({ personId: id, ...(flow.answered ? {} : { readingId: null, dealtFor: null, revealed: 0 }) });
  };
  if (!data) return null;
  // A person deleted meanwhile is no longer offered (nor sent).
  if (chosen !== null && !data.people.some((p) => p.id === chosen)) setTimeout(() => setFlow({ personId: null }), 0);
  return (
    <fieldset className="about-person" data-testid="about-person">
      <legend className="section-title">О ком вопрос?</legend>
      <div className="about-person-options">
        <button
          type="button"
          className="about-person-option"
          aria-pressed={chosen === null}
          onClick={() => choose(null)}
          data-testid="about-self"
        >
          О себе
        </button>
        {data.people.map((p) => (
          <button
            type="button"
            key={p.id}
            className="about-person-option"
            aria-pressed={chosen === p.id}
            onClick={() => choose(p.id)}
            data-testid="about-person-option"
          >
            {p.name} · {p.relationLabel}
          </button>
        ))}
        <Link href="/people" className="about-person-option" data-testid="about-person-add">
          {data.people.length ? 'Люди…' : '+ Добавить человека'}
        </Link>
      </div>
    </fieldset>
  );
}
