// Which database errors are passing: the database cannot be reached or did not answer in time. A request
// that meets one answers 503 (the API) or is handled again later (the bot); any other error is final.

const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

const MESSAGES =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection is closed|database unavailable/i;

/** True when the error means the database cannot be reached right now (a retry later can succeed). */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string' && CODES.has(code)) return true;
  return MESSAGES.test(String((err as Error)?.message ?? ''));
}
