// /daily: today's card in the chat, dealt by the server with the same rules as the app (free users get one
// a day; asking again shows the same card), with a button to the card's page in the library.
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';
import { appUrl, openAppButton } from '../keyboards';
import { libraryCardPath } from '../../domain/card-library';

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
    escapeHtml(daily.card.fullMeaning),
  ];
  if (!daily.drawn && daily.canRedraw) lines.push('', 'С подпиской карту можно вытянуть заново в приложении.');
  const keyboard = openAppButton(ctx.deps, '🔮 Подробнее в приложении', '/daily-card');
  // The card's name opens its page in «Библиотека карт».
  const cardPage = appUrl(ctx.deps, libraryCardPath(c.cardId));
  if (keyboard && cardPage) keyboard.row().webApp(`📖 ${c.name} в библиотеке`, cardPage);
  await ctx.reply(lines.join('\n'), { parse_mode: 'HTML', reply_markup: keyboard });
});

export { composer as dailyFeature };
