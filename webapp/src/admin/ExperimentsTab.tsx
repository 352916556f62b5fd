// The dashboard's «Эксперименты» tab: each price/copy test with its verdict and its variants' figures.
import type { Experiments } from './admin-api';

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits).replace('.', ',')} %`;
const pp = (x: number) =>
  `${x >= 0 ? '+' : '−'}${Math.abs(x * 100)
    .toFixed(1)
    .replace('.', ',')} п.п.`;

export function ExperimentsTab({ e }: { e: Experiments }) {
  return (
    <>
      {e.experiments.map((x) => (
        <section key={x.id} className="panel" data-testid={`admin-exp-${x.id}`}>
          <h2>{x.title}</h2>
          <p className={x.enoughData ? 'admin-verdict' : 'admin-verdict admin-verdict-early'} data-testid={`admin-verdict-${x.id}`}>
            {x.verdict}
          </p>
          <div className="admin-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Вариант</th>
                  <th scope="col">Пользователей</th>
                  <th scope="col">Покупок</th>
                  <th scope="col">Конверсия</th>
                  <th scope="col">Разница (95 %)</th>
                  <th scope="col">P(лучший)</th>
                  <th scope="col">₽ на пользователя (95 %)</th>
                </tr>
              </thead>
              <tbody>
                {x.variants.map((v) => (
                  <tr key={v.id} data-testid={`admin-variant-${x.id}-${v.id}`}>
                    <th scope="row">{v.label}</th>
                    <td>{v.users}</td>
                    <td>{v.conversions}</td>
                    <td>{pct(v.rate)}</td>
                    <td>{v.diff ? `${pp(v.diff.value)} (${pp(v.diff.low)}…${pp(v.diff.high)})` : 'контроль'}</td>
                    <td>{pct(v.probabilityBest, 0)}</td>
                    <td>
                      {v.revenuePerUser.mean.toFixed(2).replace('.', ',')} ({v.revenuePerUser.low.toFixed(2).replace('.', ',')}…
                      {v.revenuePerUser.high.toFixed(2).replace('.', ',')})
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <p className="hint">
        Конверсия — двухвыборочный z-тест, вероятность быть лучшим — бета-биномиальная модель (симуляция), выручка на пользователя —
        бутстреп. Меньше 200 пользователей в варианте — «рано судить».
      </p>
    </>
  );
}
