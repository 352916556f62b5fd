// A plain SVG chart for the owner's dashboard: stacked columns per day (one colour per series), with its
// numbers one tap away as a table (the toggle), which is also what a screen reader reads.
import { useState } from 'react';

export interface Series {
  key: string;
  label: string;
}

export interface ChartRow {
  label: string;
  /** What the axis shows under the column when the label is too long for it («26.11» for «26.11.2026»). */
  tick?: string;
  values: Record<string, number>;
}

const fmt = (n: number) => n.toLocaleString('ru-RU', { maximumFractionDigits: 2 });

type ChartProps = { title: string; series: Series[]; rows: ChartRow[]; unit: string; testId: string; axis?: string };

export function StackedChart(props: ChartProps) {
  const [table, setTable] = useState(false);
  const totals = props.rows.map((r) => props.series.reduce((a, s) => a + (r.values[s.key] ?? 0), 0));
  return (
    <figure className="admin-chart" data-testid={props.testId}>
      <figcaption>
        <span>{props.title}</span>
        <button
          type="button"
          className="admin-link"
          aria-pressed={table}
          onClick={() => setTable(!table)}
          data-testid={`${props.testId}-toggle`}
        >
          {table ? 'График' : 'Таблица'}
        </button>
      </figcaption>
      {table ? (
        <ChartTable {...props} totals={totals} />
      ) : props.rows.length === 0 ? (
        <p className="hint">За этот период данных нет.</p>
      ) : (
        <ChartColumns {...props} totals={totals} />
      )}
    </figure>
  );
}

/** The chart's numbers as a table: a row per day, a column per series and the day's total. */
function ChartTable(props: ChartProps & { totals: number[] }) {
  return (
    <div className="admin-scroll">
      <table className="admin-table" data-testid={`${props.testId}-table`}>
        <thead>
          <tr>
            <th scope="col">{props.axis ?? 'День'}</th>
            {props.series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
            <th scope="col">Всего, {props.unit}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r, i) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              {props.series.map((s) => (
                <td key={s.key}>{fmt(r.values[s.key] ?? 0)}</td>
              ))}
              <td>{fmt(props.totals[i])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The stacked columns with their axis and the legend. */
function ChartColumns(props: ChartProps & { totals: number[] }) {
  const { totals } = props;
  const max = Math.max(1, ...totals);
  const w = 340;
  const h = 150;
  const step = props.rows.length ? w / props.rows.length : w;
  const barW = Math.max(2, Math.min(28, step * 0.7));
  return (
    <>
      <svg
        viewBox={`0 0 ${w} ${h + 18}`}
        role="img"
        aria-label={`${props.title}: ${props.rows.map((r, i) => `${r.label} — ${fmt(totals[i])} ${props.unit}`).join('; ')}`}
      >
        {props.rows.map((r, i) => {
          let y = h;
          return (
            <g key={r.label}>
              {props.series.map((s, j) => {
                const v = r.values[s.key] ?? 0;
                const bh = (v / max) * (h - 4);
                y -= bh;
                return v ? (
                  <rect key={s.key} x={i * step + (step - barW) / 2} y={y} width={barW} height={bh} className={`admin-bar-${j % 5}`} />
                ) : null;
              })}
              {(props.rows.length <= 10 || i % Math.ceil(props.rows.length / 8) === 0) && (
                <text x={i * step + step / 2} y={h + 14} textAnchor="middle" className="admin-axis">
                  {r.tick ?? (props.axis ? r.label.split(' ')[0] : r.label)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="admin-legend">
        {props.series.map((s, j) => (
          <li key={s.key}>
            <span className={`admin-swatch admin-bar-${j % 5}`} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
    </>
  );
}
