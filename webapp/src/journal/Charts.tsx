// Small SVG charts for «Дневник»: horizontal bars and a ring showing a share. Colours come from CSS, so they
// follow Telegram's light and dark themes.
export function Bars(props: { items: { key: string; label: string; count: number }[]; testId: string; unit?: (n: number) => string }) {
  const max = Math.max(1, ...props.items.map((i) => i.count));
  const rowH = 30;
  const labelW = 132;
  const width = 340;
  const barW = width - labelW - 40;
  return (
    <svg
      className="chart-bars"
      viewBox={`0 0 ${width} ${props.items.length * rowH}`}
      role="img"
      data-testid={props.testId}
      aria-label={props.items.map((i) => `${i.label}: ${i.count}`).join(', ')}
    >
      {props.items.map((item, i) => {
        const w = Math.max(item.count ? 4 : 0, (item.count / max) * barW);
        const y = i * rowH;
        return (
          <g key={item.key} data-testid={`${props.testId}-row`}>
            <text x={0} y={y + 19} className="chart-label">
              {item.label}
            </text>
            <rect x={labelW} y={y + 7} width={barW} height={16} rx={8} className="chart-track" />
            <rect x={labelW} y={y + 7} width={w} height={16} rx={8} className={`chart-bar chart-bar-${i % 5}`} />
            <text x={labelW + barW + 8} y={y + 19} className="chart-value">
              {item.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function Ring(props: { share: number; label: string; testId: string }) {
  const r = 34;
  const c = 2 * Math.PI * r;
  const pct = Math.round(props.share * 100);
  return (
    <figure className="chart-ring" data-testid={props.testId}>
      <svg viewBox="0 0 84 84" width="84" height="84" role="img" aria-label={`${props.label}: ${pct}%`}>
        <circle cx="42" cy="42" r={r} className="chart-track" fill="none" strokeWidth="10" />
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
