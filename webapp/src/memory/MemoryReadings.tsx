// The readings memory may recall, each with «Забыть», and «Забыть всё» when there are several; a hint when
// memory holds none yet.
import type { MemoryView } from './memory-api';

export function MemoryReadings(props: { data: MemoryView; busy: boolean; onForget: (id: number) => void; onForgetAll: () => void }) {
  const { data, busy } = props;
  return (
    <>
      {data.readings.length === 0 ? (
        <p className="hint" data-testid="memory-empty">
          Толкователь пока ничего не помнит: здесь появятся ваши расклады за последние {data.days} дней.
        </p>
      ) : (
        <ul className="memory-list" aria-label="Что помнит толкователь">
          {data.readings.map((r) => (
            <li key={r.id} className="panel memory-item" data-testid="memory-reading">
              <span className="memory-text">
                <span className="hint">
                  {r.dayLabel} · вопрос {r.topic}
                </span>
                <strong className="memory-question">{r.question}</strong>
                <span className="hint">{r.cards.join(', ')}</span>
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => props.onForget(r.id)}
                aria-label={`Забыть расклад «${r.question}»`}
                data-testid="memory-forget"
              >
                Забыть
              </button>
            </li>
          ))}
        </ul>
      )}
      {data.readings.length > 1 && (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy}
          onClick={props.onForgetAll}
          data-testid="memory-forget-all"
        >
          Забыть всё
        </button>
      )}
    </>
  );
}
