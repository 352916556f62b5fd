// Who is who in the hostile-input test, its secrets and limits, and how many requests each route gets.

// The attacker sends everything; the victims are only seeded through the real flows.
export const ATTACKER = 61_000_001;
export const FREE = 61_000_002;
export const BASIC = 61_000_003;
export const VIP = 61_000_004;
export const ADMIN = 61_000_009;
export const VICTIMS = [FREE, BASIC, VIP];
export const WEBHOOK_SECRET = 'hostile-webhook_secret';
export const OTHER_BOT_TOKEN = '7000000002:AAHotherBotTokenForHostileTests_0123456';
export const SECRET_MARKER = 'HOSTILE-TEST-SECRET-MARKER-7f3a';
export const BODY_LIMIT = 64 * 1024;
export const RESPONSE_TIMEOUT_MS = 15_000;
export const ATTACKER_ADDRESS = '203.0.113.7';

/**
 * Requests per route: more where a body is parsed, fewer for plain reads, the most for the two webhooks (money
 * and updates arrive there, and the last test counts their answers). Each run draws new cases (fast-check
 * seeds at random), so the everyday depth keeps the suite quick while the runs add up; HOSTILE_RUNS=deep
 * sends four times as many to the other routes in one run (before a release, or after changing validation
 * or auth).
 */
const DEPTH = process.env.HOSTILE_RUNS === 'deep' ? 4 : 1;
export const RUNS = { body: 100 * DEPTH, read: 20 * DEPTH, webhook: 400, fallback: 20 * DEPTH };

/** Tables whose rows belong to a user (user_id); every one is compared before and after. */
export const USER_TABLES = [
  'daily_usage',
  'readings',
  'payments',
  'payment_orders',
  'micro_purchases',
  'micro_offers',
  'recurring_billing',
  'notifications',
  'natal_birth_data',
  'rate_limits',
  'daily_card_notes',
  'analytics_events',
] as const;
