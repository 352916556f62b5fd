// The owner's dashboard state: the tab and period shown, the fields of a period of one's own, each tab's data
// (fetched only while its tab is open, the previous period's kept on screen while the next one loads) and the
// CSV export's note.
import { useState } from 'react';
import { keys, useApi } from '../data';
import { insideTelegram } from '../telegram/launch';
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
  type PeriodParams,
} from './admin-api';

export function useAdmin() {
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
  // Nothing until the API has answered: a non-admin never sees the dashboard's frame.
  const answered = [money, exps, funnel, retention, ai, pushes].some((x) => x.data);

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

  return {
    tab,
    setTab,
    period,
    setPeriod,
    custom,
    setCustom,
    data: { money, exps, funnel, retention, ai, pushes, referrals },
    current,
    answered,
    csv,
    csvNote,
  };
}
