// The compatibility of two charts as an aspect grid: the viewer's points down the side, the partner's across
// the top, each cell the aspect's glyph and orb; below, a short line per aspect.
import type { SynastryView } from './pairs-api';

export function Synastry(props: { synastry: SynastryView }) {
  const s = props.synastry;
  if (!s.aspects)
    return (
      <p className="hint" data-testid="synastry-missing">
        {s.reason}
      </p>
    );
  const cell = (a: string, b: string) => s.aspects!.find((x) => x.a === a && x.b === b);
  return (
    <div data-testid="synastry">
      <table className="aspect-grid" aria-label="Аспекты между картами">
        <thead>
          <tr>
            <th scope="col">
              <span className="hint">Вы \ Партнёр</span>
            </th>
            {s.points.map((p) => (
              <th key={p.key} scope="col" title={p.name}>
                {p.symbol}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.points.map((row) => (
            <tr key={row.key}>
              <th scope="row" title={row.name}>
                {row.symbol}
              </th>
              {s.points.map((col) => {
                const x = cell(row.key, col.key);
                return (
                  <td
                    key={col.key}
                    className={x ? `asp asp-${x.aspect}` : 'asp'}
                    title={x ? `${row.name} — ${col.name}: ${x.aspectName}, орб ${x.orb}°` : undefined}
                  >
                    {x ? (
                      <>
                        <span className="asp-glyph">{x.symbol}</span>
                        <span className="asp-orb">{Math.round(x.orb)}°</span>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {s.note && (
        <p className="hint" data-testid="synastry-note">
          {s.note}
        </p>
      )}
      <ul className="aspect-list">
        {s.aspects.map((x) => (
          <li key={`${x.a}-${x.b}-${x.aspect}`}>
            <strong>
              {x.aspectName} {x.symbol}
            </strong>{' '}
            <span className="hint">орб {x.orb.toFixed(1).replace('.', ',')}°</span>
            <br />
            {x.text}
          </li>
        ))}
      </ul>
      {s.aspects.length === 0 && <p className="hint">Тесных аспектов между вашими картами нет.</p>}
    </div>
  );
}
