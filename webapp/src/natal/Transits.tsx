// «Ближайшие 30 дней» under the natal chart: the transits of the Sun, Mars and the slow planets to the chart's
// points (no angles without a birth time), each with its dates and one line of meaning, and the Moon's phases.
// The server computes and keeps the day's list; this only draws it.
import { dayRangeRu, dayRu } from '../../../domain/astro/transit-dates';
import { ErrorBlock } from '../components/ErrorBlock';
import { useApi } from '../data';
import { getTransits, TRANSITS_KEY, type TransitView } from './transits-api';
import './transits.css';

const BODY_GLYPH: Record<string, string> = { sun: '☉', mars: '♂', jupiter: '♃', saturn: '♄', uranus: '♅', neptune: '♆', pluto: '♇' };
const PHASE_GLYPH = ['🌑', '🌓', '🌕', '🌗'];

function TransitItem({ t }: { t: TransitView['transits'][number] }) {
  return (
    <li className={`transit transit-${t.nature}`} data-testid="transit">
      <p className="transit-title">
        <span className="transit-glyph" aria-hidden="true">
          {BODY_GLYPH[t.body]}&#xFE0E;
        </span>{' '}
        {t.title}
      </p>
      <p className="transit-dates">
        {dayRangeRu(t.start, t.end)} · точнее всего {dayRu(t.exact)}
        <span className="transit-tag">{t.nature === 'easy' ? 'благоприятно' : 'напряжённо'}</span>
      </p>
      <p className="transit-meaning">{t.meaning}</p>
    </li>
  );
}

export function Transits() {
  const { data, error, reload } = useApi(TRANSITS_KEY, getTransits);
  return (
    <section className="panel transits" aria-labelledby="transits-title" data-testid="transits">
      <h2 id="transits-title">Ближайшие 30 дней</h2>
      {!data && !error && <span className="spinner" role="status" aria-label="Загрузка…" />}
      {error && <ErrorBlock message={error.message} onRetry={reload} />}
      {data && (
        <>
          <p className="hint">Транзиты Солнца, Марса и медленных планет к вашей карте, {dayRangeRu(data.from, data.to)}.</p>
          {data.anglesNote && (
            <p className="field-note" data-testid="transits-no-angles">
              {data.anglesNote}
            </p>
          )}
          {data.transits.length ? (
            <ul className="transit-list">
              {data.transits.map((t) => (
                <TransitItem key={`${t.body}-${t.aspect}-${t.point}-${t.start}`} t={t} />
              ))}
            </ul>
          ) : (
            <p className="hint">В эти дни планеты не образуют точных аспектов к вашей карте — спокойное время.</p>
          )}
          <h3 className="transit-sub">Фазы Луны</h3>
          <ul className="moon-phases" data-testid="moon-phases">
            {data.moonPhases.map((p) => (
              <li key={p.date + p.quarter}>
                <span aria-hidden="true">{PHASE_GLYPH[p.quarter]}</span> <strong>{p.name}</strong> · {dayRu(p.date)} · {p.inSign}
                <span className="transit-meaning">{p.meaning}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
