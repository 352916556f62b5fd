// The owner's dashboard (/admin): money and the price/copy tests over a period of local days in the project's
// time zone. The page is served to anyone; it shows nothing until the API answers, and a non-admin (404 from
// the API) sees the ordinary «не найдено» screen.
import { useLocation } from 'wouter';
import { zoneLabelRu } from '../../../domain/text/ru-format';
import { ErrorBlock } from '../components/ErrorBlock';
import { Page } from '../components/Page';
import { insideTelegram } from '../telegram/launch';
import { AiTab, FunnelTab, PushesTab, RetentionTab, ruDate } from './ActivityTabs';
import { AdminPeriod } from './AdminPeriod';
import type { AdminTab } from './admin-api';
import { ExperimentsTab } from './ExperimentsTab';
import { MoneyTab } from './MoneyTab';
import { ReferralsTab } from './ReferralsTab';
import { useAdmin } from './useAdmin';
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

export default function Admin() {
  const [, navigate] = useLocation();
  const { tab, setTab, period, setPeriod, custom, setCustom, data, current, answered, csv, csvNote } = useAdmin();
  const { money, exps, funnel, retention, ai, pushes, referrals } = data;

  if (current.error?.status === 404) return <AdminNotFound home={() => navigate('/')} />;
  if (!answered && !current.error)
    return (
      <main className="page center" aria-busy="true">
        <span className="spinner spinner-lg" role="status" aria-label="Загрузка…" />
      </main>
    );

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
      <AdminPeriod period={period} setPeriod={setPeriod} custom={custom} setCustom={setCustom} />
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

/** What a non-admin sees: the ordinary «не найдено» screen. */
function AdminNotFound(props: { home: () => void }) {
  return (
    <Page back={props.home} testId="not-found">
      <section className="panel center">
        <h1 className="title">Страница не найдена</h1>
        <p className="hint">Такой страницы нет. Вернитесь на главную.</p>
        <button type="button" className="btn btn-primary" onClick={props.home}>
          На главную
        </button>
      </section>
    </Page>
  );
}
