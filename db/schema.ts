// Kysely table types. Telegram ids are bigint in SQL and numbers here (a type parser in connection.ts).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DealtCard, Orientation, SpreadType, Tier } from '../domain/types';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: number;
  first_name: string;
  last_name: string | null;
  username: string | null;
  language_code: string | null;
  is_premium: Generated<boolean>;
  photo_url: string | null;
  time_zone: string;
  notify_daily: Generated<boolean>;
  bot_reachable: Generated<boolean>;
  start_param: string | null;
  subscription_type: ColumnType<Tier, Tier | undefined, Tier>;
  subscription_expires: Date | null;
  subscription_auto_renew: Generated<boolean>;
  total_spreads_used: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DailyUsageTable {
  user_id: number;
  /** The user's local date, 'YYYY-MM-DD'. */
  day: string;
  spreads_used: Generated<number>;
  free_spread_used: Generated<boolean>;
  daily_card_used: Generated<boolean>;
  daily_card_id: string | null;
  daily_card_orientation: Orientation | null;
  daily_cards_drawn: Generated<number>;
}

export type ReadingStatus = 'dealt' | 'done' | 'fallback' | 'saved';
export type ReadingLevel = 'basic' | 'premium';

export interface ReadingsTable {
  id: Generated<number>;
  user_id: number;
  spread_type: SpreadType | string;
  question: string;
  cards: Json<DealtCard[]>;
  interpretation: string | null;
  level: ReadingLevel;
  status: ReadingStatus;
  /** The local day whose spread quota this reading consumed; null when it consumed none. */
  charged_day: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  daily_usage: DailyUsageTable;
  readings: ReadingsTable;
  app_settings: AppSettingsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DailyUsage = Selectable<DailyUsageTable>;
export type Reading = Selectable<ReadingsTable>;
