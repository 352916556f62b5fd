// my_chat_member in a private chat: "kicked" means the user blocked the bot (no more pushes); "member"
// means they came back.
import { Composer } from 'grammy';
import type { BotContext } from '../context';

const composer = new Composer<BotContext>();

composer.on('my_chat_member', async (ctx) => {
  const update = ctx.myChatMember;
  if (update.chat.type !== 'private') return;
  const status = update.new_chat_member.status;
  if (status === 'kicked') await ctx.deps.services.notifications.setReachable(update.from.id, false);
  else if (status === 'member') await ctx.deps.services.notifications.setReachable(update.from.id, true);
});

export { composer as chatMemberFeature };
