// The natal screens' calls (server: api/routes/natal.ts), typed by the routes through the API client.
import { call, client, type DataOf } from '../api';

export type NatalChartView = DataOf<typeof client.natal.chart.$get>;
export type BirthDataView = NonNullable<DataOf<typeof client.natal.data.$get>['birthData']>;
export type CitySuggestion = DataOf<typeof client.natal.cities.$get>['cities'][number];

export interface ChartRequest {
  date: string;
  /** 'HH:MM'; left out with «Время рождения неизвестно». */
  time?: string;
  timeUnknown?: boolean;
  city: string;
  cityId?: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
}

export const postChart = (body: ChartRequest) => call(client.natal.chart.$post({ json: body }));
export const getChart = () => call(client.natal.chart.$get());
export const getBirthData = () => call(client.natal.data.$get());
export const deleteBirthData = () => call(client.natal.data.$delete());
export const searchCities = (q: string, signal?: AbortSignal) =>
  call(client.natal.cities.$get({ query: { q, limit: '8' } }, { init: { signal } }));

/** Splits the server's «field: message» into its parts. */
export function fieldOf(error: string): { field: string | null; message: string } {
  const m = /^([a-zA-Z]+): (.*)$/s.exec(error);
  return m ? { field: m[1], message: m[2] } : { field: null, message: error };
}
