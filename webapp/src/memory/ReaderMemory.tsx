// Settings' «Память толкователя»: the switch, the cards that keep returning, and the readings memory may recall
// (the last 60 days, newest first), each with «Забыть»; «Забыть всё» forgets them all. Its own chunk.
import { pluralRu } from '../../../domain/text/plural';
import { MemoryReadings } from './MemoryReadings';
import { forgetAll, forgetReading, setMemoryOn } from './memory-api';
import { useReaderMemory } from './useReaderMemory';
import './memory.css';

export default function ReaderMemory() {
  const { data, error, busy, message, act } = useReaderMemory();

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
          <MemoryReadings
            data={data}
            busy={busy}
            onForget={(id) => void act(() => forgetReading(id))}
            onForgetAll={() => void act(forgetAll)}
          />
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
