// The dashboard's «Воронка», «Удержание», «ИИ» and «Пуши» tabs: figures, a chart with its table toggle and
// plain tables.
import { StackedChart } from './AdminChart';
import type { AiStats, Funnel, Pushes, Retention } from './admin-api';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1).replace('.', ',')} %`);
const num = (n: number) => n.toLocaleString('ru-RU');
/** ГГГГ-ММ-ДД as дд.мм.гггг. */
export const ruDate = (iso: string) => iso.split('-').reverse().join('.');
const ms = (x: number | null) => (x === null ? '—' : `${(x / 1000).toFixed(2).replace('.', ',')} с`);

export function Figures(props: { items: [string, string, string][] }) {
  return (
    <dl className="admin-figures">
      {props.items.map(([label, value, id]) => (
        <div key={id}>
          <dt>{label}</dt>
          <dd data-testid={`admin-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FunnelTab({ f }: { f: Funnel }) {
  return (
    <section className="panel" data-testid="admin-funnel">
      <StackedChart
        title="Воронка новых пользователей"
        unit="чел."
        series={[{ key: 'users', label: 'Пользователей' }]}
        rows={f.total.steps.map((s) => ({ label: s.label, values: { users: s.users } }))}
        testId="admin-chart-funnel"
        axis="Шаг"
      />
      <div className="admin-scroll">
        <table className="admin-table" data-testid="admin-funnel-table">
          <thead>
            <tr>
              <th scope="col">Вход</th>
              {f.total.steps.map((s) => (
                <th key={s.step} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[f.total, ...f.byEntry].map((e) => (
              <tr key={e.entry} data-testid={`admin-funnel-${e.entry}`}>
                <th scope="row">{e.label}</th>
                {e.steps.map((s) => (
                  <td key={s.step}>
                    {num(s.users)}
                    {s.ofPrevious !== null && <span className="hint"> · {pct(s.ofPrevious)}</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">
        Новые пользователи периода по точке входа; доля — от предыдущего шага. Только данные сервера: входы, расклады, показанные
        предложения, заказы и платежи.
      </p>
    </section>
  );
}

export function RetentionTab({ r }: { r: Retention }) {
  return (
    <section className="panel" data-testid="admin-retention">
      <h2>Когорты по неделе первого входа</h2>
      <div className="admin-scroll">
        <table className="admin-table" data-testid="admin-cohorts">
          <thead>
            <tr>
              <th scope="col">Неделя</th>
              <th scope="col">Пользователей</th>
              <th scope="col">День 1</th>
              <th scope="col">День 7</th>
              <th scope="col">День 30</th>
            </tr>
          </thead>
          <tbody>
            {r.cohorts.map((c) => (
              <tr key={c.week}>
                <th scope="row">с {ruDate(c.week)}</th>
                <td>{num(c.users)}</td>
                <td>{pct(c.day1)}</td>
                <td>{pct(c.day7)}</td>
                <td>{pct(c.day30)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StackedChart
        title="Серии карты дня (идут сейчас)"
        unit="чел."
        series={[{ key: 'users', label: 'Пользователей' }]}
        rows={r.streaks.map((s) => ({ label: `${s.bucket} дн.`, values: { users: s.users } }))}
        testId="admin-chart-streaks"
        axis="Длина серии"
      />
      <p className="hint">Вернулся — сделал расклад или открыл карту дня в этот день. «—»: день ещё не наступил.</p>
    </section>
  );
}

/** Where the token figures come from: the provider's reports, the estimate from length, or both. */
function tokensSource(a: AiStats): string {
  if (!a.tokensEstimated) return a.tokensReported ? 'по данным провайдера' : 'нет толкований';
  if (!a.tokensReported) return 'оценка по длине текста';
  return `по данным провайдера у ${num(a.tokensReported)} толк., оценка по длине текста у ${num(a.tokensEstimated)}`;
}

/** The prices the cost is at, and where they come from (the settings or the model's list price). */
function pricesLine(a: AiStats): string {
  const p = a.pricesPerM;
  if (!p) return `Цена модели ${a.model ?? ''} неизвестна: задайте AI_PRICE_INPUT_PER_M и AI_PRICE_OUTPUT_PER_M.`;
  const rub = (x: number) => x.toLocaleString('ru-RU', { maximumFractionDigits: 2 });
  const from = p.source === 'settings' ? 'из настроек' : `прайс модели ${a.model ?? ''}`;
  return `Цены за миллион токенов (${from}): запрос ${rub(p.input)} ₽, ответ ${rub(p.output)} ₽.`;
}

export function AiTab({ a }: { a: AiStats }) {
  const estimate = a.tokensEstimated > 0;
  return (
    <section className="panel" data-testid="admin-ai">
      <Figures
        items={[
          ['Толкований ИИ', num(a.byAi), 'ai-count'],
          ['По картам (без ИИ)', num(a.byCards), 'cards-count'],
          ['Вывод ИИ заменён картами', num(a.verdictReplaced), 'ai-verdict-replaced'],
          ['До первого текста, p50 / p95', `${ms(a.firstText.p50)} / ${ms(a.firstText.p95)}`, 'ai-first'],
          ['До конца, p50 / p95', `${ms(a.total.p50)} / ${ms(a.total.p95)}`, 'ai-total'],
          [
            estimate ? 'Токены, запрос + ответ (с оценкой)' : 'Токены, запрос + ответ',
            `${num(a.tokensIn)} + ${num(a.tokensOut)}`,
            'ai-tokens',
          ],
          [
            estimate ? 'Стоимость (с оценкой)' : 'Стоимость',
            a.costRub === null ? 'цена модели неизвестна' : `${a.costRub.toLocaleString('ru-RU')} ₽`,
            'ai-cost',
          ],
        ]}
      />
      <h2>Сбои ИИ</h2>
      {a.failures.length === 0 ? (
        <p className="hint">Сбоев не было.</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table admin-table-wrap" data-testid="admin-ai-failures">
            <tbody>
              {a.failures.map((f) => (
                <tr key={f.kind}>
                  <th scope="row">{f.kind}</th>
                  <td>{num(f.readings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="hint" data-testid="admin-ai-tokens-source">
        Токены: {tokensSource(a)}. {pricesLine(a)}
      </p>
    </section>
  );
}

export function PushesTab({ p }: { p: Pushes }) {
  return (
    <section className="panel" data-testid="admin-pushes">
      <Figures
        items={[
          ['В очереди за период', num(p.queued), 'push-queued'],
          ['Доставлено', num(p.delivered), 'push-delivered'],
          ['Не доставлено', num(p.failed), 'push-failed'],
          ['Пропущено', num(p.skipped), 'push-skipped'],
          ['Бот заблокирован', num(p.blockedBots), 'push-blocked'],
          ['Напоминания выключены', num(p.remindersOff), 'push-off'],
          ['Расклад в течение часа', num(p.followedByReading), 'push-followed'],
        ]}
      />
      <p className="hint">Заблокировавшие бота и выключившие напоминания — на сегодня, по всем пользователям.</p>
    </section>
  );
}
