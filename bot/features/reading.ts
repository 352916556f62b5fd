// /reading enters the chat reading; /cancel (or any other command) leaves an active conversation first.
import { createConversation } from '@grammyjs/conversations';
import { Composer } from 'grammy';
import type { BotContext, InnerContext } from '../context';
import {
  ASK_AI_AGAIN_DATA,
  ASK_TEXT_DATA,
  READING_CONVERSATION,
  deliverInterpretation,
  readingConversation,
  type PresetQuestion,
} from '../conversations/reading';
import { validateQuestion } from '../../domain/reading/question-input';
import { FULL_CAPTION_DATA, spreadCaption } from '../spread-picture';
import { offerContinue } from '../continue-reading';

/** Installed before the conversation itself, so a command is never taken as an answer. */
const guard = new Composer<BotContext>();

guard.on('message:entities:bot_command', async (ctx, next) => {
  const command = /^\/([A-Za-z0-9_]+)/.exec(ctx.message.text ?? '')?.[1]?.toLowerCase();
  if (!command || ctx.message.entities?.[0]?.offset !== 0) return next();
  const active = Object.keys(ctx.conversation.active()).length > 0;
  if (active) await ctx.conversation.exitAll();
  if (command === 'cancel') {
    await ctx.reply(active ? 'Расклад отменён. Начать заново: /reading' : 'Сейчас нечего отменять.');
    return;
  }
  await next();
});

const composer = new Composer<BotContext>();
composer.use(guard);
// «Спросить ИИ ещё раз»: the same cards go to the AI again, at no cost; the services check the reading is the user's.
composer.callbackQuery(new RegExp(`^${ASK_AI_AGAIN_DATA}(\\d{1,15})$`), async (ctx) => {
  const chatId = ctx.chat?.id;
  await ctx.answerCallbackQuery();
  if (!chatId) return;
  await deliverInterpretation(ctx.api, ctx.deps, chatId, ctx.from.id, Number(ctx.match[1]), { retry: true });
});
// «Читать полностью» under a picture whose caption was cut: the whole list as a message, for the reading's
// owner and while the archive shows it (readings.get asks the archive rule).
composer.callbackQuery(new RegExp(`^${FULL_CAPTION_DATA}(\\d{1,15})$`), async (ctx) => {
  await ctx.answerCallbackQuery();
  const reading = await ctx.deps.services.readings.get(ctx.from.id, Number(ctx.match[1]));
  await ctx.reply(spreadCaption(reading), { parse_mode: 'HTML' });
});
composer.use(
  createConversation<BotContext, InnerContext>(readingConversation, { id: READING_CONVERSATION, maxMillisecondsToWait: 3 * 3600_000 }),
);
composer.command('reading', async (ctx) => {
  // A reading left on the app's table comes first: it is already paid for.
  await offerContinue(ctx);
  await ctx.conversation.enter(READING_CONVERSATION);
});
// «Расклад на этот вопрос» under a free text: the reading of the text it answers (its message is the request's key).
composer.callbackQuery(ASK_TEXT_DATA, async (ctx) => {
  await ctx.answerCallbackQuery();
  const asked = ctx.callbackQuery.message?.reply_to_message;
  const check = validateQuestion(asked?.text);
  if (!asked || !check.ok) return ctx.conversation.enter(READING_CONVERSATION);
  const preset: PresetQuestion = { question: check.question, messageId: asked.message_id };
  await ctx.conversation.enter(READING_CONVERSATION, preset);
});

export { composer as readingFeature };
