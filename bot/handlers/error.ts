// The one error boundary: a use case's refusal (ServiceError) is told to the user as it is (its message
// is Russian); anything else is logged with its update and answered politely.
import { GrammyError, type ErrorHandler } from 'grammy';
import { ServiceError } from '../../services/errors';
import type { BotContext } from '../context';
import { openAppButton } from '../keyboards';

export const errorHandler: ErrorHandler<BotContext> = async (err) => {
  const { ctx, error } = err;
  const deps = ctx.deps;
  if (error instanceof ServiceError) {
    const markup = error.code === 'payment_required' ? openAppButton(deps, '✨ Оформить подписку', '/subscription') : undefined;
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
    if (ctx.chat) await ctx.reply(error.message, { reply_markup: markup }).catch(() => {});
    return;
  }
  // The user blocked the bot mid-conversation: nothing to answer.
  if (error instanceof GrammyError && error.error_code === 403) {
    deps?.logger.info({ updateId: ctx.update.update_id, description: error.description }, 'user unreachable');
    return;
  }
  (deps?.logger ?? console).error({ err: error, update: ctx.update }, 'bot update failed');
  try {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
    if (ctx.chat) await ctx.reply('😔 Что-то пошло не так. Попробуйте ещё раз чуть позже или откройте приложение.');
  } catch {
    /* nothing more to do */
  }
};
