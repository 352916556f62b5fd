// «Итоги месяца» (server: api/routes/reports.ts): the offer home shows, the report, its picture, «Не сейчас».
import { ApiError, authHeaders, call, client } from '../api';

export const REPORT_OFFER_KEY = '/api/reports/monthly';
export const reportKey = (month: string) => `/api/reports/monthly/${month}`;

export const getReportOffer = () => call(client.reports.monthly.$get());
export const getReport = (month: string) => call(client.reports.monthly[':month'].$get({ param: { month } }));
export const dismissReport = (month: string) => call(client.reports.monthly[':month'].dismiss.$post({ param: { month } }));

/** The report's share-style picture (JPEG), drawn on the server in the pictures' line. */
export async function reportPicture(month: string): Promise<Blob> {
  const res = await fetch(`/api/reports/monthly/${month}/picture`, { headers: authHeaders() });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, body?.error ?? `Не удалось получить картинку (HTTP ${res.status})`);
  }
  return res.blob();
}
