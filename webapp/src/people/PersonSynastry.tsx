// The one-sided compatibility with a saved person: the aspect grid of readings for two, computed from the
// birth data the user entered, with the line saying the other person took no part.
import { ErrorBlock } from '../components/ErrorBlock';
import { useApi } from '../data';
import { Synastry } from '../pairs/Synastry';
import { getPersonSynastry, peopleKeys } from './people-api';
import '../pairs/pairs.css';

export function PersonSynastry({ id }: { id: number }) {
  const { data, error, reload } = useApi(peopleKeys.synastry(id), () => getPersonSynastry(id));
  if (error && !data) return <ErrorBlock message={error.message} onRetry={reload} />;
  if (!data) return <p className="hint">Считаем…</p>;
  return (
    <div className="person-synastry" data-testid="person-synastry">
      <p className="pay-message is-ok" data-testid="one-sided">
        Односторонняя совместимость: {data.person.name} не участвовал(а) в расчёте.
      </p>
      <Synastry synastry={data} />
    </div>
  );
}
