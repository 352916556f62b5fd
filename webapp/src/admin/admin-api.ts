// The owner's dashboard calls (server: api/routes/admin.ts). Anyone but an admin gets 404 from each.
import { authHeaders, call, client, networkError, type DataOf } from '../api';

export type PeriodParams = { days: '1' | '7' | '30' | '90' } | { from: string; to: string };
export type AdminTab = 'money' | 'funnel' | 'experiments' | 'retention' | 'ai' | 'pushes' | 'referrals';

export const getMoney = (p: PeriodParams) => call(client.admin.money.$get({ query: p }));
export const getExperiments = (p: PeriodParams) => call(client.admin.experiments.$get({ query: p }));
export const getFunnel = (p: PeriodParams) => call(client.admin.funnel.$get({ query: p }));
export const getRetention = (p: PeriodParams) => call(client.admin.retention.$get({ query: p }));
export const getAi = (p: PeriodParams) => call(client.admin.ai.$get({ query: p }));
export const getPushes = (p: PeriodParams) => call(client.admin.pushes.$get({ query: p }));
export const getReferrals = (p: PeriodParams) => call(client.admin.referrals.$get({ query: p }));
export const sendCsvToChat = (tab: AdminTab, p: PeriodParams) => call(client.admin.csv['send-to-chat'].$post({ query: { tab, ...p } }));

export type Money = DataOf<typeof client.admin.money.$get>;
export type Experiments = DataOf<typeof client.admin.experiments.$get>;
export type Funnel = DataOf<typeof client.admin.funnel.$get>;
export type Retention = DataOf<typeof client.admin.retention.$get>;
export type AiStats = DataOf<typeof client.admin.ai.$get>;
export type Pushes = DataOf<typeof client.admin.pushes.$get>;
export type Referrals = DataOf<typeof client.admin.referrals.$get>;

/** Downloads a tab's CSV in a browser (the answer is a file, not the JSON envelope). */
export async function downloadCsv(tab: AdminTab, p: PeriodParams): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/admin/csv?${new URLSearchParams({ tab, ...p })}`, { headers: authHeaders(), credentials: 'same-origin' });
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok) throw new Error('Не удалось скачать таблицу');
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${tab}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
