// Settings' «Память толкователя»: the switch, the cards that keep returning, and the readings memory may recall
// (the last 60 days, newest first), each with «Забыть»; «Забыть всё» forgets them all. Its own chunk.
import { useState } from 'react';
import { pluralRu } from '../../../domain/text/plural';
import { ApiError } from '../api';
import { keys, useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { forgetAll, forgetReading, getMemory, type MemoryView, setMemoryOn } from './memory-api';
import './memory.css';

export default function ReaderMemory() {
  const { data, error, mutate } = useApi(keys.memory, getMemory);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const act = async (fn: () => Promise<MemoryView>) => {
    setBusy(true);
    setMessage(null);
    try {
      await mutate(await fn(), { revalidate: false });
      haptic('select');
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="memory-title" data-testid="reader-memory">
      <h2 className="section-title" id="memory-title">
        Память толкователя
      </h2>
      {error && !data && <p className="hint">{error.message}</p>}
      {data && (
        <>
          <label className="panel setting-row">
            <span>
              <strong>Помнить прошлые расклады</strong>
              <span className="hint">
                {data.on
                  ? `Толкование может вспомнить расклады на ту же тему за ${data.days} дней — не больше двух строк`
                  : 'Каждый расклад читается сам по себе'}
              </span>
            </span>
            <input
              type="checkbox"
              checked={data.on}
              onChange={() => void act(() => setMemoryOn(!data.on))}
              disabled={busy}
              data-testid="memory-toggle"
            />
          </label>
          {data.returning.length > 0 && (
            <div className="panel memory-returning" data-testid="memory-returning">
              <strong>Карты, которые возвращаются</strong>
              <ul>
                {data.returning.map((c) => (
                  <li key={`${c.topic}:${c.name}`}>
                    {c.name} — {c.count} {pluralRu(c.count, 'раз', 'раза', 'раз')} в вопросах {c.topic}
                  </li>
                ))}
              </ul>
            </div>
          )}
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
                    onClick={() => void act(() => forgetReading(r.id))}
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
              onClick={() => void act(forgetAll)}
              data-testid="memory-forget-all"
            >
              Забыть всё
            </button>
          )}
        </>
      )}
      {message && (
        <p className="pay-message" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
