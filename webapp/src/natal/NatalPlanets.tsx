// The natal chart's «Планеты» table: each planet (and the ascendant, when the birth time is known) with its
// sign, degree and element.
import type { NatalChartView } from './natal-api';

const ELEMENT_CLASS: Record<string, string> = { Огонь: 'el-fire', Земля: 'el-earth', Воздух: 'el-air', Вода: 'el-water' };

export function NatalPlanets({ chart }: { chart: NatalChartView }) {
  const rows = chart.ascendant ? [...chart.planets, chart.ascendant] : chart.planets;
  return (
    <section className="panel">
      <h2>Планеты</h2>
      <table className="planets" data-testid="planets">
        <thead>
          <tr>
            <th scope="col">Планета</th>
            <th scope="col">Знак</th>
            <th scope="col">Градус</th>
            <th scope="col">Стихия</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.key} data-testid={`planet-${p.key}`}>
              <th scope="row">
                <span className="planet-symbol" aria-hidden="true">
                  {p.symbol}&#xFE0E;
                </span>{' '}
                {p.name}
              </th>
              <td className="sign">
                <span aria-hidden="true">{p.signSymbol}&#xFE0E;</span> {p.sign}
              </td>
              <td className="degree">{p.degreeText}</td>
              <td>
                <span className={`element ${ELEMENT_CLASS[p.element] ?? ''}`}>{p.element}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
