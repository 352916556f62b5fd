// Errors a use case reports to its caller; each entry point (API, bot) turns them into its own answer.
export type ServiceErrorCode =
  | 'bad_input' // 400
  | 'unauthorized' // 401
  | 'payment_required' // 402
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'limit_reached' // 429
  | 'crisis' // 422: the text speaks of a crisis; help lines instead of cards (details.crisis)
  | 'unavailable'; // 503

export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    /** Extra fields for the answer (e.g. the time until the limit resets). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
