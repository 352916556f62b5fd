// «🔎 Уточнить» under a chat reading: enters the follow-up conversation for that reading.
import { createConversation } from '@grammyjs/conversations';
import { Composer } from 'grammy';
import type { BotContext, InnerContext } from '../context';
import { FOLLOW_UP_CONVERSATION, followUpConversation } from '../conversations/follow-up';

const composer = new Composer<BotContext>();
composer.use(
  createConversation<BotContext, InnerContext>(followUpConversation, { id: FOLLOW_UP_CONVERSATION, maxMillisecondsToWait: 3 * 3600_000 }),
);
composer.callbackQuery(/^fu:(\d{1,16})$/, async (ctx) => {
  await ctx.answerCallbackQuery();
  // A reading conversation still open is left: the button starts a new dialogue.
  if (Object.keys(ctx.conversation.active()).length > 0) await ctx.conversation.exitAll();
  await ctx.conversation.enter(FOLLOW_UP_CONVERSATION, Number(ctx.match[1]));
});

export { composer as followUpFeature };
