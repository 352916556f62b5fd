// «Ближайшие 30 дней» (server: GET /api/natal/transits, services/transits.ts).
import { call, client, type DataOf } from '../api';

export type TransitView = DataOf<typeof client.natal.transits.$get>;
export const TRANSITS_KEY = '/api/natal/transits';
export const getTransits = () => call(client.natal.transits.$get());
