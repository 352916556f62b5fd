// Telegram redelivers webhook updates it is unsure about, and a restart re-reads the last polled batch:
// each update id is recorded once in the database, and a repeat is dropped before any handler runs.
import type { MiddlewareFn } from 'grammy';
import type { BotContext } from '../context';

export const dedupeUpdates: MiddlewareFn<BotContext> = async (ctx, next) => {
  if (!(await ctx.deps.services.botState.claimUpdate(ctx.update.update_id))) {
    ctx.deps.logger.debug({ updateId: ctx.update.update_id }, 'duplicate update skipped');
    return;
  }
  await next();
};
