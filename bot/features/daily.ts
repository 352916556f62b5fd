// /daily: today's card in the chat, dealt by the server with the same rules as the app (free users get one
// a day; asking again shows the same card): its picture (as the inline card has) with its meaning for today
// and the question of the day as the caption, a button to the app and one to the card's page in the library.
// Should the picture fail, the same words go as a message: the card is never lost to a picture.
import { Composer, GrammyError, InputFile } from 'grammy';
import type { BotContext } from '../context';
import { escapeHtml, fitHtml } from '../format';
import { appUrl, openAppButton } from '../keyboards';
import { libraryCardPath } from '../../domain/tarot/card-library';

const composer = new Composer<BotContext>();

composer.command('daily', async (ctx) => {
  if (!ctx.from) return;
  const daily = await ctx.deps.services.dailyCard.draw(ctx.from.id, false);
  const c = daily.card;
  const lines = [
    daily.drawn ? '🃏 <b>Ваша карта дня</b>' : '🃏 <b>Ваша карта дня уже открыта</b>',
    '',
    `<b>${escapeHtml(c.name)}</b>${c.reversed ? ' (перевёрнутая)' : ''}`,
    `<i>${escapeHtml(c.keywords.join(', '))}</i>`,
    '',
    escapeHtml(daily.today.paragraph),
    '',
    `❓ <i>${escapeHtml(daily.today.question)}</i>`,
  ];
  if (!daily.drawn && daily.canRedraw) lines.push('', 'С подпиской карту можно вытянуть заново в приложении.');
  const keyboard = openAppButton(ctx.deps, '🔮 Подробнее в приложении', '/daily-card');
  // The card's name opens its page in «Библиотека карт».
  const cardPage = appUrl(ctx.deps, libraryCardPath(c.cardId));
  if (keyboard && cardPage) keyboard.row().webApp(`📖 ${c.name} в библиотеке`, cardPage);
  const html = lines.join('\n');
  try {
    const jpeg = await ctx.deps.services.cardPictures.jpeg(c.cardId, c.reversed);
    await ctx.replyWithPhoto(new InputFile(jpeg, `${c.cardId}.jpg`), {
      caption: fitHtml(html, CAPTION_MAX).html,
      parse_mode: 'HTML',
      reply_markup: keyboard,
    });
    return;
  } catch (err) {
    // The user blocked the bot: nothing else would reach them either.
    if (err instanceof GrammyError && err.error_code === 403) throw err;
    ctx.deps.logger.warn({ err, cardId: c.cardId }, 'daily card picture not sent; sending the card as text');
  }
  await ctx.reply(html, { parse_mode: 'HTML', reply_markup: keyboard });
});

/** Telegram's limit on a photo's caption. */
const CAPTION_MAX = 1024;

export { composer as dailyFeature };
