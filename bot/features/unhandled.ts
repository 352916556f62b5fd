// Must be installed last: anything no feature took gets a short hint (texts) or a silent answer (buttons
// of old messages), so the user never waits on a spinning button.
import { Composer } from 'grammy';
import { greetingCommandNames } from '../commands';
import type { BotContext } from '../context';
import { sendCrisis } from '../crisis';
import { openAppButton } from '../keyboards';

const composer = new Composer<BotContext>();
const feature = composer.chatType('private');

feature.on('message:text', async (ctx) => {
  // Free text that speaks of a crisis gets help lines, not the list of commands.
  const crisis = await ctx.deps.services.care.crisisOf(ctx.message.text);
  if (crisis) return sendCrisis(ctx.api, ctx.deps, ctx.chat.id, crisis, 'bot_text');
  await ctx.reply(`Я понимаю команды ${greetingCommandNames()}. А все расклады — в приложении.`, {
    reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро'),
  });
});

composer.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: 'Эта кнопка больше не действует' }));

export { composer as unhandledFeature };
