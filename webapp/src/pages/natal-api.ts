// The natal screens' calls (server: api/routes/natal.ts). Types come from the service, as types only.
import { api } from '../api';
import type { BirthDataView, CitySuggestion, NatalChartView } from '../../../services/natal';

export type { BirthDataView, CitySuggestion, NatalChartView } from '../../../services/natal';

export interface ChartRequest {
  date: string;
  time: string;
  city: string;
  cityId?: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
}

export const postChart = (body: ChartRequest) => api<NatalChartView>('/api/natal/chart', { method: 'POST', json: body });
export const getChart = () => api<NatalChartView>('/api/natal/chart');
export const getBirthData = () => api<{ birthData: BirthDataView | null }>('/api/natal/data');
export const deleteBirthData = () => api<{ deleted: boolean }>('/api/natal/data', { method: 'DELETE' });
export const searchCities = (q: string, signal?: AbortSignal) =>
  api<{ cities: CitySuggestion[] }>(`/api/natal/cities?q=${encodeURIComponent(q)}&limit=8`, { signal });

/** Splits the server's «field: message» into its parts. */
export function fieldOf(error: string): { field: string | null; message: string } {
  const m = /^([a-zA-Z]+): (.*)$/s.exec(error);
  return m ? { field: m[1], message: m[2] } : { field: null, message: error };
}
