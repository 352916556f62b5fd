// The owner's dashboard (/admin): money and the price/copy tests over a period of local days in the project's
// time zone. The page is served to anyone; it shows nothing until the API answers, and a non-admin (404 from
// the API) sees the ordinary «не найдено» screen.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { zoneLabelRu } from '../../../domain/text/ru-format';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { keys, useApi } from '../data';
import { insideTelegram } from '../telegram/launch';
import { StackedChart } from './AdminChart';
import { AiTab, Figures, FunnelTab, PushesTab, RetentionTab, ruDate } from './ActivityTabs';
import { ReferralsTab } from './ReferralsTab';
import {
  downloadCsv,
  getAi,
  getExperiments,
  getFunnel,
  getMoney,
  getPushes,
  getReferrals,
  getRetention,
  sendCsvToChat,
  type AdminTab,
  type Experiments,
  type Money,
  type PeriodParams,
} from './admin-api';
import './admin.css';

const TABS: { id: AdminTab; label: string }[] = [
  { id: 'money', label: 'Деньги' },
  { id: 'funnel', label: 'Воронка' },
  { id: 'experiments', label: 'Эксперименты' },
  { id: 'retention', label: 'Удержание' },
  { id: 'ai', label: 'ИИ' },
  { id: 'pushes', label: 'Пуши' },
  { id: 'referrals', label: 'Рефералы' },
];
const PERIODS = [
  { days: '1', label: 'Сегодня' },
  { days: '7', label: '7 дней' },
  { days: '30', label: '30 дней' },
  { days: '90', label: '90 дней' },
] as const;

const rub = (n: number) => `${n.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ₽`;
const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits).replace('.', ',')} %`;
const pp = (x: number) =>
  `${x >= 0 ? '+' : '−'}${Math.abs(x * 100)
    .toFixed(1)
    .replace('.', ',')} п.п.`;
const PRODUCT_NAMES: Record<string, string> = { micro: 'Микро-расклад', week: 'Неделя', basic: 'Basic', vip: 'VIP' };

export default function Admin() {
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<AdminTab>('money');
  const [period, setPeriod] = useState<PeriodParams>({ days: '30' });
  const [custom, setCustom] = useState({ from: '', to: '' });
  const q = new URLSearchParams(period).toString();
  const money = useApi(tab === 'money' ? keys.admin('money', q) : null, () => getMoney(period), { keepPreviousData: true });
  const exps = useApi(tab === 'experiments' ? keys.admin('experiments', q) : null, () => getExperiments(period), {
    keepPreviousData: true,
  });
  const funnel = useApi(tab === 'funnel' ? keys.admin('funnel', q) : null, () => getFunnel(period), { keepPreviousData: true });
  const retention = useApi(tab === 'retention' ? keys.admin('retention', q) : null, () => getRetention(period), { keepPreviousData: true });
  const ai = useApi(tab === 'ai' ? keys.admin('ai', q) : null, () => getAi(period), { keepPreviousData: true });
  const pushes = useApi(tab === 'pushes' ? keys.admin('pushes', q) : null, () => getPushes(period), { keepPreviousData: true });
  const referrals = useApi(tab === 'referrals' ? keys.admin('referrals', q) : null, () => getReferrals(period), { keepPreviousData: true });
  const current = { money, experiments: exps, funnel, retention, ai, pushes, referrals }[tab];
  const [csvNote, setCsvNote] = useState<string | null>(null);

  if (current.error?.status === 404)
    return (
      <Page back={() => navigate('/')} testId="not-found">
        <section className="panel center">
          <h1 className="title">Страница не найдена</h1>
          <p className="hint">Такой страницы нет. Вернитесь на главную.</p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
            На главную
          </button>
        </section>
      </Page>
    );
  // Nothing until the API has answered: a non-admin never sees the dashboard's frame.
  const answered = [money, exps, funnel, retention, ai, pushes].some((x) => x.data);
  if (!answered && !current.error)
    return (
      <main className="page center" aria-busy="true">
        <span className="spinner spinner-lg" role="status" aria-label="Загрузка…" />
      </main>
    );

  const csv = async () => {
    setCsvNote(null);
    try {
      if (insideTelegram()) {
        await sendCsvToChat(tab, period);
        setCsvNote('Таблица отправлена в чат с ботом');
      } else await downloadCsv(tab, period);
    } catch (e) {
      setCsvNote((e as Error).message);
    }
  };

  return (
    <Page back={() => navigate('/')} testId="admin" className="admin">
      <h1 className="title">Панель владельца</h1>
      <div className="admin-tabs" role="tablist" aria-label="Разделы">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            data-testid={`admin-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="admin-period" role="group" aria-label="Период">
        {PERIODS.map((p) => (
          <button
            key={p.days}
            type="button"
            aria-pressed={'days' in period && period.days === p.days}
            onClick={() => {
              setPeriod({ days: p.days });
              // The fields are for a period of one's own: left filled, they contradicted the period shown below.
              setCustom({ from: '', to: '' });
            }}
            data-testid={`admin-period-${p.days}`}
          >
            {p.label}
          </button>
        ))}
      </div>
      <form
        className="admin-custom"
        onSubmit={(e) => {
          e.preventDefault();
          if (custom.from && custom.to) setPeriod({ from: custom.from, to: custom.to });
        }}
      >
        {/* Text, not type="date": a date input speaks the browser's locale (мм/дд/гггг); the server checks the dates. */}
        <input
          className="input admin-date"
          inputMode="numeric"
          placeholder="дд.мм.гггг"
          maxLength={10}
          aria-label="С (дд.мм.гггг)"
          value={custom.from}
          onChange={(e) => setCustom({ ...custom, from: e.target.value })}
          data-testid="admin-from"
        />
        <span aria-hidden="true">—</span>
        <input
          className="input admin-date"
          inputMode="numeric"
          placeholder="дд.мм.гггг"
          maxLength={10}
          aria-label="По (дд.мм.гггг)"
          value={custom.to}
          onChange={(e) => setCustom({ ...custom, to: e.target.value })}
          data-testid="admin-to"
        />
        <button type="submit" className="btn btn-secondary" data-testid="admin-custom-apply">
          Показать
        </button>
      </form>
      {!current.data && !current.error && <span className="spinner" role="status" aria-label="Загрузка…" />}
      {current.error && <ErrorBlock message={current.error.message} onRetry={current.reload} />}
      {tab === 'money' && money.data && <MoneyTab m={money.data} />}
      {tab === 'experiments' && exps.data && <ExperimentsTab e={exps.data} />}
      {tab === 'funnel' && funnel.data && <FunnelTab f={funnel.data} />}
      {tab === 'retention' && retention.data && <RetentionTab r={retention.data} />}
      {tab === 'ai' && ai.data && <AiTab a={ai.data} />}
      {tab === 'pushes' && pushes.data && <PushesTab p={pushes.data} />}
      {tab === 'referrals' && referrals.data && <ReferralsTab r={referrals.data} />}
      {current.data && (
        <p className="hint" data-testid="admin-period-info">
          {ruDate(current.data.period.from)} — {ruDate(current.data.period.to)}, время: {zoneLabelRu(current.data.period.timeZone)}.{' '}
          <button type="button" className="admin-link" onClick={() => void csv()} data-testid="admin-csv">
            {insideTelegram() ? 'Прислать CSV в чат' : 'Скачать CSV'}
          </button>
        </p>
      )}
      {csvNote && (
        <p className="hint" role="status">
          {csvNote}
        </p>
      )}
    </Page>
  );
}

function MoneyTab({ m }: { m: Money }) {
  const days = [...new Set(m.days.map((d) => d.day))];
  const products = [...new Set(m.days.map((d) => d.product))];
  const rows = (currency: string) =>
    days.map((day) => ({
      label: ruDate(day),
      tick: ruDate(day).slice(0, 5),
      values: Object.fromEntries(m.days.filter((d) => d.day === day && d.currency === currency).map((d) => [d.product, d.amount])),
    }));
  const series = (currency: string) =>
    products
      .filter((p) => m.days.some((d) => d.product === p && d.currency === currency))
      .map((p) => ({ key: p, label: PRODUCT_NAMES[p] ?? p }));
  return (
    <section className="panel" data-testid="admin-money">
      <Figures
        items={[
          ['Выручка, рубли', rub(m.revenueRub), 'revenue-rub'],
          ['Выручка, звёзды', `${m.revenueStars} зв. ≈ ${rub(m.revenueStars * m.starsRubRate)}`, 'revenue-stars'],
          ['Всего (оценка)', rub(m.estimateRub), 'revenue-total'],
          ['Платящих', String(m.payingUsers), 'paying'],
          ['Новых подписок', String(m.newPlans), 'new-plans'],
          ['Продлений', String(m.renewedPlans), 'renewed-plans'],
          ['Возвратов', `${m.refunds} (${rub(m.refundedRub)}${m.refundedStars ? `, ${m.refundedStars} зв.` : ''})`, 'refunds'],
          ['На платящего', rub(m.perPayingUser), 'arppu'],
        ]}
      />
      <StackedChart title="Выручка в рублях по дням" unit="₽" series={series('RUB')} rows={rows('RUB')} testId="admin-chart-rub" />
      <StackedChart title="Выручка в звёздах по дням" unit="зв." series={series('XTR')} rows={rows('XTR')} testId="admin-chart-stars" />
      <p className="hint">
        Звёзды в рублях — оценка по курсу {m.starsRubRate.toLocaleString('ru-RU')} ₽ за звезду. Тестовые платежи не учитываются,
        возвращённые — только как возвраты.
      </p>
    </section>
  );
}

function ExperimentsTab({ e }: { e: Experiments }) {
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
