// Every private update from a person refreshes their profile (a write only when it changed), so the
// services always find the user. Not an inline query: anyone can type @bot anywhere without ever opening the
// bot, and a stranger gets no user row (inline mode works without one).
import type { MiddlewareFn } from 'grammy';
import type { User } from 'grammy/types';
import type { TelegramProfile } from '../../db/repositories/users';
import type { BotContext } from '../context';

/** The profile the services keep, from the sender of an update. */
export function profileOf(from: User): TelegramProfile {
  return {
    id: from.id,
    first_name: from.first_name,
    last_name: from.last_name ?? null,
    username: from.username ?? null,
    language_code: from.language_code ?? null,
    is_premium: from.is_premium ?? false,
  };
}

export const touchUser: MiddlewareFn<BotContext> = async (ctx, next) => {
  const from = ctx.from;
  if (
    from &&
    !from.is_bot &&
    !ctx.inlineQuery &&
    ctx.chat?.type !== 'group' &&
    ctx.chat?.type !== 'supergroup' &&
    ctx.chat?.type !== 'channel'
  ) {
    await ctx.deps.services.users.touchProfile(profileOf(from));
  }
  await next();
};
