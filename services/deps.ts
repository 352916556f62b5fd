// What every use case is built from. Passed in by main.ts (and by tests), never imported as singletons.
import type { Db } from '../db/connection';
import type { RandomInt } from '../domain/deal';
import type { LegalDetails } from '../domain/legal';
import type { PaymentsDeps } from './payments/types';
import type { AiConfig } from './interpretation';
import type { ShareDeps } from './share';

export interface ServiceDeps {
  db: Db;
  /** The current instant; tests move it to cross a local midnight. */
  clock: () => Date;
  /** Integer in [0, max): crypto.randomInt in production, seeded in tests. */
  randomInt: RandomInt;
  defaultTimeZone: string;
  specialAccessUserIds: readonly number[];
  /** Mock payments (local mode and tests): POST /api/user/subscription may activate a plan directly. */
  mockPayments: boolean;
  /** Local time (HH:MM) of the daily-card reminder push (DAILY_REMINDER_TIME); default 10:00. */
  dailyReminderTime?: string;
  /** The push sender's rate (PUSH_RATE_PER_S): daily reminders are spread so that it meets them evenly. */
  pushRatePerSecond?: number;
  /** The AI provider (Config.openai); omitted or without apiKey: every interpretation is the fallback. */
  ai?: AiConfig;
  /** Money: the payment provider, price overrides, YooKassa and the bot's Api for Stars (payments helper). */
  payments?: PaymentsDeps;
  /** ADMIN_USER_IDS: debug calls, refunds and the bot's /stats. */
  adminUserIds?: readonly number[];
  /** The provider's details for /contacts and /terms (PROVIDER_*); omitted: the tax status default only. */
  legal?: LegalDetails;
  /** Sharing a reading's picture: the public address, the bot's username, savePreparedInlineMessage. */
  share?: ShareDeps;
}
