// The explicit migration registry: Kysely's Migrator runs these in key order.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_interpretations';
import * as m0003 from './0003_bot_notifications';
import * as m0004 from './0004_natal';
import * as m0005 from './0005_payments';
import * as m0006 from './0006_money_guards';
import * as m0007 from './0007_reading_turns';
import * as m0008 from './0008_deck';
import * as m0009 from './0009_micro_spread';
import * as m0010 from './0010_ritual_journal';
import * as m0011 from './0011_reminder_zone_index';
import * as m0012 from './0012_analytics_dedupe';
import * as m0013 from './0013_ai_budgets';
import * as m0014 from './0014_share_jpeg';
import * as m0015 from './0015_plan_ids';
import * as m0016 from './0016_autopay';
import * as m0017 from './0017_support_desk';
import * as m0018 from './0018_reviews';
import * as m0019 from './0019_reversals';
import * as m0020 from './0020_web_sessions';
import * as m0021 from './0021_second_opinions';
import * as m0022 from './0022_lesson_progress';
import * as m0023 from './0023_own_deck';
import * as m0024 from './0024_pairs';
import * as m0025 from './0025_dashboard';
import * as m0026 from './0026_guest_mode';
import * as m0027 from './0027_user_facts';
import * as m0028 from './0028_keyed_limits_and_token_generations';
import * as m0029 from './0029_data_exports';
import * as m0030 from './0030_reading_request_key';
import * as m0031 from './0031_daily_note';
import * as m0032 from './0032_rate_limits';
import * as m0033 from './0033_reader_memory';
import * as m0034 from './0034_referrals';
import * as m0035 from './0035_reading_speech';
import * as m0036 from './0036_transits_monthly_reports';
import * as m0037 from './0037_people_and_spreads';
import * as m0038 from './0038_emoji_status_offer';
import * as m0039 from './0039_pair_partner_request';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_interpretations': m0002,
  '0003_bot_notifications': m0003,
  '0004_natal': m0004,
  '0005_payments': m0005,
  '0006_money_guards': m0006,
  '0007_reading_turns': m0007,
  '0008_deck': m0008,
  '0009_micro_spread': m0009,
  '0010_ritual_journal': m0010,
  '0011_reminder_zone_index': m0011,
  '0012_analytics_dedupe': m0012,
  '0013_ai_budgets': m0013,
  '0014_share_jpeg': m0014,
  '0015_plan_ids': m0015,
  '0016_autopay': m0016,
  '0017_support_desk': m0017,
  '0018_reviews': m0018,
  '0019_reversals': m0019,
  '0020_web_sessions': m0020,
  '0021_second_opinions': m0021,
  '0022_lesson_progress': m0022,
  '0023_own_deck': m0023,
  '0024_pairs': m0024,
  '0025_dashboard': m0025,
  '0026_guest_mode': m0026,
  '0027_user_facts': m0027,
  '0028_keyed_limits_and_token_generations': m0028,
  '0029_data_exports': m0029,
  '0030_reading_request_key': m0030,
  '0031_daily_note': m0031,
  '0032_rate_limits': m0032,
  '0033_reader_memory': m0033,
  '0034_referrals': m0034,
  '0035_reading_speech': m0035,
  '0036_transits_monthly_reports': m0036,
  '0037_people_and_spreads': m0037,
  '0038_emoji_status_offer': m0038,
  '0039_pair_partner_request': m0039,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
