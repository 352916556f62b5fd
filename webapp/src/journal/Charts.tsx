// Small charts for «Дневник»: horizontal bars and a ring showing a share. Colours come from CSS, so they
// follow Telegram's light and dark themes. The bars are HTML rows, not SVG: a long card name («Шестёрка
// Пентаклей») wraps onto a second line instead of running under its bar.
export function Bars(props: { items: { key: string; label: string; count: number }[]; testId: string }) {
  const max = Math.max(1, ...props.items.map((i) => i.count));
  return (
    <div
      className="chart-bars"
      role="img"
      data-testid={props.testId}
      aria-label={props.items.map((i) => `${i.label}: ${i.count}`).join(', ')}
    >
      {props.items.map((item, i) => (
        <div key={item.key} className="chart-row" data-testid={`${props.testId}-row`} aria-hidden="true">
          <span className="chart-label">{item.label}</span>
          <span className="chart-track">
            <span
              className={`chart-bar chart-bar-${i % 5}`}
              style={{ width: item.count ? `max(8px, ${((item.count / max) * 100).toFixed(1)}%)` : 0 }}
            />
          </span>
          <span className="chart-value">{item.count}</span>
        </div>
      ))}
    </div>
  );
}

export function Ring(props: { share: number; label: string; testId: string }) {
  const r = 34;
  const c = 2 * Math.PI * r;
  const pct = Math.round(props.share * 100);
  return (
    <figure className="chart-ring" data-testid={props.testId}>
      <svg viewBox="0 0 84 84" width="84" height="84" role="img" aria-label={`${props.label}: ${pct}%`}>
        <circle cx="42" cy="42" r={r} className="chart-ring-track" fill="none" strokeWidth="10" />
        <circle
          cx="42"
          cy="42"
          r={r}
          fill="none"
          strokeWidth="10"
          className="chart-ring-value"
          strokeDasharray={`${(c * props.share).toFixed(2)} ${c.toFixed(2)}`}
          transform="rotate(-90 42 42)"
          strokeLinecap="round"
        />
        <text x="42" y="48" textAnchor="middle" className="chart-ring-text" data-testid={`${props.testId}-value`}>
          {pct}%
        </text>
      </svg>
      <figcaption>{props.label}</figcaption>
    </figure>
  );
}
