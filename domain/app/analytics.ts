// The analytics events the app sends; the server stores only these.
export const ANALYTICS_EVENTS = [
  'clicked_mini_cta',
  'micro_reveal_shown',
  'micro_reveal_failed',
  'micro_result_open_no_pending',
  'saw_week_offer',
  'upsell_shown_week',
  'saw_free_card',
  'offer_shown_micro',
  'paywall_shown',
  'subscription_page_view',
  'paid_week_mock',
] as const;

export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const isAnalyticsEvent = (e: string): e is AnalyticsEvent => (ANALYTICS_EVENTS as readonly string[]).includes(e);

/**
 * An event only the server records (never accepted from the app): an AI reading whose verdict went against the
 * cards' plan, its conclusion replaced by the card-based one (the dashboard's «ИИ» tab counts them).
 */
export const AI_VERDICT_REPLACED = 'ai_verdict_replaced';
