// /daily: today's card in the chat, dealt by the server with the same rules as the app (free users get one
// a day; asking again shows the same card).
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';
import { openAppButton } from '../keyboards';

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
  await ctx.reply(lines.join('\n'), { parse_mode: 'HTML', reply_markup: openAppButton(ctx.deps, '🔮 Подробнее в приложении', '/daily-card') });
});

export { composer as dailyFeature };
