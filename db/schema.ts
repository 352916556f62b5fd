// Kysely table types. Telegram ids are bigint in SQL and numbers here (a type parser in connection.ts).
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { PlanId } from '../domain/commerce/catalogue';
import type { DeckId } from '../domain/tarot/decks';
import type { CustomPosition, CustomSpreadSnapshot } from '../domain/tarot/custom-spreads';
import type { AboutPerson } from '../domain/reading/about-person';
import type { DealtCard, Orientation, SpreadType, Tier } from '../domain/types';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  /** When the app offered today's card as an emoji status (offered once; migration 0038). */
  emoji_status_offered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
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
  /** 0008: the deck the user sees ('rws' | 'drawn'). */
  deck: ColumnType<DeckId, DeckId | undefined, DeckId>;
  /** 0006: after a time-zone change, the day still counted (its local date in the old zone) until it ends. */
  day_guard: ColumnType<string | null, string | null | undefined, string | null>;
  day_guard_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 0010: consecutive local days with the daily card, the best run, and the last such day. */
  streak_current: Generated<number>;
  streak_best: Generated<number>;
  streak_last_day: string | null;
  /** 0010: when the app offered «add to home screen» (offered once). */
  home_screen_offered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0016: when the last payment granted something (the app's clock): no upsell within the hour after. */
  last_paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 0019: «Перевёрнутые карты»: deal cards reversed too (the default), or all upright. */
  reversals: Generated<boolean>;
  /** 0033: «Память толкователя»: readings may refer back to earlier ones on the same topic (default on). */
  memory_on: Generated<boolean>;
}

/** 0026: guest mode's one answer a minute per caller and chat; `key` is sha256('<caller>:<chat>'), no id is kept. */
export interface GuestRateSlotsTable {
  key: string;
  window_start: Timestamp;
  count: number;
  /** The guest query that won the window. */
  query_id: string;
}

/** 0026: guest-mode answers per day (in DEFAULT_TIME_ZONE) and kind, for the owner; nothing from the chats. */
export interface GuestAnswerDaysTable {
  day: string;
  kind: string;
  count: Generated<number>;
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
  /** The user's own note on the day's card (the journal shows it). */
  daily_note: string | null;
  /** Extra spreads granted for the day (a friend's first reading): added to the plan's daily limit. */
  bonus_spreads: Generated<number>;
}

export interface ReferralRewardsTable {
  /** The keyed hash of the invited friend's Telegram id (services/user-key.ts). */
  invitee_key: string;
  inviter_id: number;
  /** Null once the friend erased their data. */
  invitee_id: number | null;
  month: string;
  granted: boolean;
  refused: string | null;
  created_at: Generated<Date>;
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
  /** 0002: the instance call interpreting this reading now, and until when its claim holds. */
  ai_lease_id: ColumnType<string | null, string | null | undefined, string | null>;
  ai_lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0002: why the reading ended with the fallback text (an AI_ERRORS message). */
  ai_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0007: cards turned (in dealing order) when the interpretation was asked for; null: all of them. */
  turned_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0007: the year forecast's first month (1..12); null for other spreads. */
  first_month: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0023: the cards were entered by the user from a physical deck («своя колода»), not dealt by the server. */
  own_deck: ColumnType<boolean, boolean | undefined, boolean>;
  /** 0024: the pair this reading was asked for (its asker is user_id); null: the user's own reading. */
  pair_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0025: the AI's call for this reading: ms to the first text and to the end, prompt and answer sizes. */
  ai_first_ms: ColumnType<number | null, number | null | undefined, number | null>;
  ai_total_ms: ColumnType<number | null, number | null | undefined, number | null>;
  ai_prompt_chars: ColumnType<number | null, number | null | undefined, number | null>;
  ai_output_chars: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0027: the tokens the provider reported for the call (`usage`); null when it did not. */
  ai_input_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  ai_output_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0030: what asked for it, when a redelivery may ask again (the bot's `tg:<chat>:<message>`); unique per user. */
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0033: the user asked memory to forget this reading (it stays in the archive). */
  memory_forgotten: Generated<boolean>;
  /** 0037: the saved person the reading was asked about, as it was then ({name, relation, gender}); null: nobody. */
  person: ColumnType<AboutPerson | null, string | null | undefined, string | null>;
  /** 0037: the user's own spread it was laid in, as it was then ({id, name, positions}); null: a built-in spread. */
  custom_spread: ColumnType<CustomSpreadSnapshot | null, string | null | undefined, string | null>;
}

/** 0037: a person the user saved («Люди»); birth data optional (all null without a date). */
export interface PeopleTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  relation: string;
  birth_date: string | null;
  /** 'HH:MM', or '' when the time is unknown. */
  birth_time: string | null;
  place: string | null;
  city_id: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** 0037: a VIP's own spread («Свои расклады»). */
export interface CustomSpreadsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  positions: Json<CustomPosition[]>;
  share_token: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** 0024: a pair of users (readings for two); ended when a member leaves. */
export interface PairsTable {
  id: Generated<number>;
  created_at: Generated<Date>;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 0024: a member of a pair: the inviter (asks the pair's readings) or the partner. */
export interface PairMembersTable {
  pair_id: number;
  user_id: number;
  role: 'inviter' | 'partner';
  joined_at: Generated<Date>;
  left_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 0024: a single-use invitation into a pair, stored by the hash of its token. */
export interface PairInvitationsTable {
  token_hash: string;
  inviter_id: number;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  pair_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The prepared «choose the partner» button's request id (migration 0039); null without one. */
  partner_request_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The token sealed with the server's secret for that button's choice (0039): the link is sent from it. */
  partner_token_sealed: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0024 (0010's readings.note moved here): a note on a reading, seen only by its author (journal). */
export interface ReadingNotesTable {
  reading_id: number;
  user_id: number;
  note: string;
  updated_at: Generated<Date>;
}

/** 0010: a follow-up question on a finished reading, with its clarifying card and answer. */
export interface ReadingFollowUpsTable {
  id: Generated<number>;
  reading_id: number;
  user_id: number;
  seq: number;
  question: string;
  card: Json<DealtCard>;
  answer: string | null;
  status: 'dealt' | 'done' | 'fallback';
  ai_error: string | null;
  ai_lease_until: Date | null;
  /** 0013: the claim of the instance writing the answer (renewed by its heartbeat). */
  ai_lease_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** 0021: «Второе мнение»: a finished reading's cards read again in another voice (one per reading and voice). */
export interface SecondOpinionsTable {
  id: Generated<number>;
  reading_id: number;
  voice: 'gentle' | 'straight' | 'mystic';
  /** Null until the text is written. */
  text: string | null;
  source: 'ai' | 'cards' | null;
  ai_error: string | null;
  /** The user's counting day (domain/text/day.ts) when it was asked: the daily allowance counts these. */
  day: string;
  created_at: Generated<Date>;
}

/** 0014: a drawn share picture (JPEG), keyed by the hash of what it shows (services/share/picture.ts). */
export interface SharePicturesTable {
  hash: string;
  jpeg: Buffer;
  created_at: Generated<Date>;
}

/** 0014: a reading's prepared inline message (savePreparedInlineMessage), reused until Telegram's expiry. */
export interface ShareMessagesTable {
  reading_id: number;
  /** deck and whether the question is shown, e.g. 'rws:q'. */
  variant: string;
  content_hash: string;
  message_id: string;
  expires_at: Date;
}

/** 0002: the AI message written for a user's daily card of a day ('<cardId>:<orientation>'). */
export interface DailyCardNotesTable {
  user_id: number;
  day: string;
  card_key: string;
  note: string;
  created_at: Generated<Date>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface BotUpdatesTable {
  update_id: number;
  received_at: Generated<Date>;
}

export interface BotConversationsTable {
  /** The conversation plugin's storage key (the chat id). */
  key: string;
  /** JSON of the plugin's version tuple. */
  version: string;
  state: Json<unknown>;
  updated_at: Generated<Date>;
}

export type NotificationStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';

export interface NotificationPayload {
  text: string;
  /** A web_app button opening the Mini App at `path` (an app route). */
  button?: { text: string; path: string };
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** With user and kind, the unique key: the local day for the daily reminder. */
  dedup_key: string;
  payload: Json<NotificationPayload>;
  priority: Generated<number>;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  not_before: Timestamp;
  locked_until: Date | null;
  sent_at: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  /** 0027: when a reading followed this push within the hour (set by a trigger on readings). */
  followed_at: Date | null;
}

/** 0027: one row of facts per user for the owner's dashboard, kept by triggers (never written by the app). */
export interface UserFactsTable {
  user_id: number;
  created_at: Date;
  start_param: string | null;
  /** The user's zone when they came (UTC if PostgreSQL did not know it): the days below are in it. */
  time_zone: string;
  first_day: string;
  first_reading_at: Date | null;
  first_offer_at: Date | null;
  first_order_at: Date | null;
  first_paid_at: Date | null;
  back_d1: boolean;
  back_d7: boolean;
  back_d30: boolean;
}

// Money (migration 0005). Amounts are in minor units: kopecks for RUB, whole Stars for XTR.
export type PaymentProvider = 'stars' | 'yookassa' | 'mock';
export type OrderStatus = 'pending' | 'succeeded' | 'canceled';

export interface PaymentOrdersTable {
  /** A UUID: the Stars invoice payload and YooKassa's metadata.orderId. */
  id: string;
  /** null: the user erased their data; the order is kept with its payment (0020). */
  user_id: ColumnType<number, number | null, number | null>;
  provider: PaymentProvider;
  product: string;
  /** The plan bought (a catalogue plan id; the trial's: the plan it leads to) or 'week'; null for the micro pack. */
  plan: PlanId | 'week' | null;
  days: number | null;
  amount_minor: number;
  currency: string;
  reading_id: number | null;
  recurring: Generated<boolean>;
  autopay_consent: Generated<boolean>;
  provider_payment_id: string | null;
  idempotence_key: string;
  status: Generated<OrderStatus>;
  context: Json<Record<string, unknown>> | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PaymentsTable {
  id: Generated<number>;
  provider: PaymentProvider;
  /** Stars: telegram_payment_charge_id; YooKassa: the payment id; mock: the order id. Unique per provider. */
  provider_payment_id: string;
  order_id: string | null;
  /** null: the user erased their data; the record is kept for accounting (0020). */
  user_id: ColumnType<number, number | null, number | null>;
  product: string;
  amount_minor: number;
  currency: string;
  status: Generated<'succeeded' | 'refunded'>;
  /** What applying the payment granted, so a refund can take exactly that back. */
  granted: ColumnType<Record<string, unknown>, string | undefined, string>;
  details: Json<Record<string, unknown>> | null;
  created_at: Generated<Date>;
  refunded_at: Date | null;
}

export interface MicroPurchasesTable {
  id: Generated<number>;
  user_id: number;
  /** The reading the pack belongs to; null until a reveal binds it. */
  reading_id: number | null;
  payment_id: number | null;
  /** 'payment' (bought) or 'week' (an active week pass reveals without paying). */
  source: 'payment' | 'week';
  cards: Json<DealtCard[]> | null;
  advice: string | null;
  revealed_at: Date | null;
  revoked_at: Date | null;
  created_at: Generated<Date>;
  /** The 3-card reading this pack opened (one per paid pack); null while unused (migration 0009). */
  spread_reading_id: Generated<number | null>;
}

export interface MicroOffersTable {
  user_id: number;
  started_at: Date;
  expires_at: Date;
  cta_clicks: Generated<number>;
  last_cta_at: Date | null;
}

export interface RecurringBillingTable {
  user_id: number;
  provider: PaymentProvider;
  /** The plan it renews (its period and price): a catalogue plan id. */
  plan: PlanId;
  /** Stars: the latest telegram_payment_charge_id of the subscription; YooKassa: payment_method.id. */
  reference: string;
  /** What the next renewal charges, fixed at consent (Stars: the subscription's price); null before 0016. */
  amount_minor: number | null;
  currency: string | null;
  /** When the next renewal is charged (Stars: the subscription period's end; else the plan's end). */
  renews_at: Date | null;
  active: Generated<boolean>;
  consent_at: Date;
  canceled_at: Date | null;
  updated_at: Generated<Date>;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number;
  event: string;
  payload: Json<Record<string, unknown>>;
  /** Minutes since the epoch when it was tracked: one row per user, event and minute (null before 0012). */
  minute: number | null;
  created_at: Generated<Date>;
}

export interface NatalBirthDataTable {
  user_id: number;
  /** 'YYYY-MM-DD'. */
  birth_date: string;
  /** Local wall-clock time at the birthplace, 'HH:MM'. */
  birth_time: string;
  place: string;
  city_id: string | null;
  latitude: number;
  longitude: number;
  time_zone: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** 0017: the support desk. The id is the conversation's number. */
export type SupportStatus = 'open' | 'answered' | 'closed';
export interface SupportConversationsTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<SupportStatus>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  closed_at: Date | null;
  closed_by: 'user' | 'operator' | null;
}

export type SupportMessageKind = 'text' | 'photo' | 'document';
export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number;
  author: 'user' | 'operator';
  operator_id: number | null;
  kind: Generated<SupportMessageKind>;
  /** The text, or the caption ('' when none). */
  text: Generated<string>;
  file_id: string | null;
  created_at: Generated<Date>;
}

/** 0017: where a user's message was relayed in an operators' chat (a reply to it finds the conversation). */
export interface SupportRelaysTable {
  chat_id: number;
  message_id: number;
  conversation_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

/** 0018: a user's review of a reading: rating, optional text, consent to publish, the operators' decision. */
export type ReviewStatus = 'private' | 'pending' | 'published' | 'rejected';
export interface ReviewsTable {
  id: Generated<number>;
  user_id: number;
  reading_id: number;
  rating: number;
  text: string | null;
  consent: boolean;
  status: ReviewStatus;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
}

/** 0022: the daily «Урок»: today's answers and the lasting progress, one row per user. */
export interface LessonProgressTable {
  user_id: number;
  /** The local day ('YYYY-MM-DD') of the lesson whose answers `choices` holds. */
  day: string;
  /** The answer chosen for each of the day's questions, null while unanswered. */
  choices: ColumnType<(number | null)[], string, string>;
  streak: Generated<number>;
  best_streak: Generated<number>;
  last_done_day: string | null;
  lessons_done: Generated<number>;
  answered_total: Generated<number>;
  correct_total: Generated<number>;
  updated_at: Generated<Date>;
}

/** 0020: a browser session; the cookie holds a random id, stored here only as its hash. */
export interface WebSessionsTable {
  id_hash: string;
  user_id: number;
  device: string;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/** 0020: a one-time token (the bot's sign-in link, a payment's return), stored only as its hash. */
export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  kind: 'link' | 'return';
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** 0029: the user's export running now (one at a time): a lease renewed while the file is written. */
export interface DataExportsTable {
  user_id: number;
  lease_id: string;
  lease_until: Timestamp;
  started_at: Generated<Date>;
}

/** 0020: what stays of an erased user: a hash of the Telegram id and which one-time offers were used. */
export interface ErasedUsersTable {
  id_hash: string;
  trial_used: Generated<boolean>;
  purchased: Generated<boolean>;
  erased_at: Generated<Date>;
  /** 0028: written under the old unkeyed sha256 of the id (before the server secret); re-keyed when the user returns. */
  legacy: Generated<boolean>;
}

/** 0028: an erased user's limits still in their window, under the keyed hash of the Telegram id. */
export interface ErasedLimitsTable {
  subject: string;
  /** 'daily_usage', 'user:<kind>' or 'ai:<budget>'. */
  kind: string;
  day: string | null;
  free_spread_used: Generated<boolean>;
  window_start: Date | null;
  count: Generated<number>;
  until: Timestamp;
}

/** 0028: the generation of a user's st1/lt1 tokens, under the keyed hash of the Telegram id. */
export interface TokenGenerationsTable {
  subject: string;
  generation: Generated<number>;
  updated_at: Generated<Date>;
}

/** 0028: which readings a share picture was drawn from (deleting them deletes the pictures only they used). */
export interface SharePictureReadingsTable {
  hash: string;
  reading_id: number;
}

/**
 * 0032: every fixed-window limit, a row per name and key (db/repositories/rate-limits.ts): a user's ('ai:<budget>',
 * 'user:<kind>', keyed by the id as text, with `user_id`) and the sign-ins' ('sign_in:<kind>', by a keyed hash).
 */
export interface RateLimitsTable {
  name: string;
  key: string;
  user_id: number | null;
  window_start: Timestamp;
  count: number;
}

/** 0035: a reading read aloud: the provider's speech (Opus in OGG), kept per reading and spoken text. */
export interface ReadingSpeechTable {
  reading_id: number;
  text_hash: string;
  model: string;
  voice: string;
  audio: Buffer;
  created_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  daily_usage: DailyUsageTable;
  readings: ReadingsTable;
  referral_rewards: ReferralRewardsTable;
  app_settings: AppSettingsTable;
  rate_limits: RateLimitsTable;
  daily_card_notes: DailyCardNotesTable;
  bot_updates: BotUpdatesTable;
  bot_conversations: BotConversationsTable;
  notifications: NotificationsTable;
  user_facts: UserFactsTable;
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  micro_purchases: MicroPurchasesTable;
  micro_offers: MicroOffersTable;
  recurring_billing: RecurringBillingTable;
  analytics_events: AnalyticsEventsTable;
  natal_birth_data: NatalBirthDataTable;
  reading_follow_ups: ReadingFollowUpsTable;
  second_opinions: SecondOpinionsTable;
  share_pictures: SharePicturesTable;
  share_messages: ShareMessagesTable;
  reading_speech: ReadingSpeechTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  support_relays: SupportRelaysTable;
  reviews: ReviewsTable;
  web_sessions: WebSessionsTable;
  auth_tokens: AuthTokensTable;
  erased_users: ErasedUsersTable;
  erased_limits: ErasedLimitsTable;
  token_generations: TokenGenerationsTable;
  share_picture_readings: SharePictureReadingsTable;
  lesson_progress: LessonProgressTable;
  pairs: PairsTable;
  pair_members: PairMembersTable;
  pair_invitations: PairInvitationsTable;
  reading_notes: ReadingNotesTable;
  guest_rate_slots: GuestRateSlotsTable;
  guest_answer_days: GuestAnswerDaysTable;
  data_exports: DataExportsTable;
  transit_cache: TransitCacheTable;
  monthly_reports: MonthlyReportsTable;
  people: PeopleTable;
  custom_spreads: CustomSpreadsTable;
}

/** 0036: a user's transit list for one local day (JSON), computed from the birth data `chart_key` names. */
export interface TransitCacheTable {
  user_id: number;
  day: string;
  chart_key: string;
  payload: string;
  created_at: Generated<Date>;
}

/** 0036: a past month's report, once offered: when opened, dismissed, and its one push sent. */
export interface MonthlyReportsTable {
  user_id: number;
  month: string;
  offered_at: Generated<Date>;
  opened_at: Date | null;
  dismissed_at: Date | null;
  pushed_at: Date | null;
}

export type User = Selectable<UsersTable>;
export type DailyUsage = Selectable<DailyUsageTable>;
export type Reading = Selectable<ReadingsTable>;
export type PaymentOrder = Selectable<PaymentOrdersTable>;
export type Payment = Selectable<PaymentsTable>;
export type MicroPurchase = Selectable<MicroPurchasesTable>;
export type NatalBirthData = Selectable<NatalBirthDataTable>;
export type PersonRow = Selectable<PeopleTable>;
export type CustomSpreadRow = Selectable<CustomSpreadsTable>;
export type ReadingFollowUp = Selectable<ReadingFollowUpsTable>;
export type SecondOpinion = Selectable<SecondOpinionsTable>;
export type SupportConversation = Selectable<SupportConversationsTable>;
