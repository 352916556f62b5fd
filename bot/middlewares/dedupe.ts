// Telegram redelivers webhook updates it is unsure about, and a restart re-reads the last polled batch.
// An update id is recorded as handled only after its handlers succeeded: a redelivery of a handled update
// is dropped, while one whose handling failed or was cut short by a crash is handled again. Handlers whose
// effects are money (successful_payment) are idempotent by the payment's own id, so handling one twice
// grants once; recording first and applying after would lose the payment when the process dies in between.
// Copies of one update arriving at once in this process wait for the first and then look again.
import type { MiddlewareFn } from 'grammy';
import type { BotContext } from '../context';

export function createDedupe(): MiddlewareFn<BotContext> {
  const inFlight = new Map<number, Promise<void>>();
  return async (ctx, next) => {
    const id = ctx.update.update_id;
    const state = ctx.deps.services.botState;
    // Queued behind an earlier copy synchronously, before any await, so two copies never both start.
    const handling = (inFlight.get(id) ?? Promise.resolve())
      .catch(() => {})
      .then(async () => {
        if (await state.wasHandled(id)) {
          ctx.deps.logger.debug({ updateId: id }, 'duplicate update skipped');
          return;
        }
        await next();
        await state.markHandled(id);
      });
    inFlight.set(id, handling);
    try {
      await handling;
    } finally {
      if (inFlight.get(id) === handling) inFlight.delete(id);
    }
  };
}
