// Must be installed last: anything no feature took gets a useful answer (texts) or a silent answer (buttons
// of old messages), so the user never waits on a spinning button. Free text outside a support ticket is most
// often a question for the cards: it is offered as a chat reading of that very question, or, when it is a
// question for us, the support desk; a text too short to be a question gets what the bot can do.
import { Composer, InlineKeyboard } from 'grammy';
import { validateQuestion } from '../../domain/reading/question-input';
import type { BotContext } from '../context';
import { sendCrisis } from '../crisis';
import { openAppButton } from '../keyboards';
import { ASK_TEXT_DATA } from '../conversations/reading';
import { OPEN_DESK_DATA } from './support';

const composer = new Composer<BotContext>();
const feature = composer.chatType('private');

feature.on('message:text', async (ctx) => {
  // Free text that speaks of a crisis gets help lines, not the list of commands.
  const crisis = await ctx.deps.services.care.crisisOf(ctx.message.text);
  if (crisis) return sendCrisis(ctx.api, ctx.deps, ctx.chat.id, crisis, 'bot_text');
  // A command no feature took (unknown, or not this user's) gets what the bot can do, never a reading offer.
  const text = ctx.message.text;
  // A greeting («привет») is no question: one asked («?») or of a few words is.
  const asks = !text.startsWith('/') && validateQuestion(text).ok && (text.includes('?') || text.trim().split(/\s+/).length >= 3);
  if (asks) {
    const kb = new InlineKeyboard()
      .text('🔮 Расклад на этот вопрос', ASK_TEXT_DATA)
      .row()
      .text('💬 Это вопрос в поддержку', OPEN_DESK_DATA);
    await ctx.reply(
      'Похоже, это вопрос к картам. Выберите расклад — и я отвечу на него здесь, в чате.\n\nЕсли вопрос о сервисе или об оплате, его примет поддержка.',
      { reply_markup: kb, reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } },
    );
    return;
  }
  await ctx.reply(
    [
      'Напишите вопрос картам одним сообщением — и я предложу расклад на него прямо здесь.',
      '',
      '/daily — карта дня',
      '/reading — расклад в чате',
      '/support — написать в поддержку',
    ].join('\n'),
    { reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро') },
  );
});

composer.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: 'Эта кнопка больше не действует' }));

export { composer as unhandledFeature };
