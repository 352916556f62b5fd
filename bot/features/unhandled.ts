// Must be installed last: anything no feature took gets a short hint (texts) or a silent answer (buttons
// of old messages), so the user never waits on a spinning button.
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { openAppButton } from '../keyboards';

const composer = new Composer<BotContext>();
const feature = composer.chatType('private');

feature.on('message:text', (ctx) =>
  ctx.reply('Я понимаю команды /reading, /daily, /settings и /help. А все расклады — в приложении.', {
    reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро'),
  }),
);

composer.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: 'Эта кнопка больше не действует' }));

export { composer as unhandledFeature };
