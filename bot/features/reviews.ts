// The operators' «Опубликовать» / «Отклонить» under a new review (sent by services/reviews.ts to
// operatorChats()). The decision is the service's (operators only, a pending review once); the message
// then says what was decided and loses its buttons. Anyone else is refused by the error boundary.
import { Composer } from 'grammy';
import { REVIEW_BUTTON_DATA } from '../../domain/commerce/social-proof';
import type { BotContext } from '../context';

const composer = new Composer<BotContext>();

const OUTCOME: Record<string, string> = { published: '✅ Опубликован', rejected: '❌ Отклонён' };

composer.callbackQuery(REVIEW_BUTTON_DATA, async (ctx) => {
  const publish = ctx.match[1] === 'pub';
  const { changed, status } = await ctx.deps.services.reviews.decide(
    ctx.chat?.id ?? ctx.from.id,
    ctx.from.id,
    Number(ctx.match[2]),
    publish,
  );
  const outcome = status ? (OUTCOME[status] ?? 'Отзыв не ждёт решения') : 'Отзыв удалён автором';
  await ctx.answerCallbackQuery({ text: changed ? outcome : `Уже решено: ${outcome}` });
  const text = ctx.callbackQuery.message && 'text' in ctx.callbackQuery.message ? ctx.callbackQuery.message.text : null;
  if (text) await ctx.editMessageText(`${text}\n\n${outcome}`, { reply_markup: { inline_keyboard: [] } }).catch(() => {});
});

export { composer as reviewsFeature };
