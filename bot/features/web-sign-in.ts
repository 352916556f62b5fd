// /web: a one-time link that signs a browser in (ten minutes, once), for paying by card outside Telegram.
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context';
import { appUrl } from '../keyboards';

const composer = new Composer<BotContext>();

composer.command('web', async (ctx) => {
  if (!ctx.from) return;
  const token = await ctx.deps.services.webAuth.createLinkToken(ctx.from.id);
  const url = appUrl(ctx.deps, `/auth/${token}`);
  if (!url) return ctx.reply('Вход в браузере сейчас недоступен: у приложения нет публичного адреса. Откройте его кнопкой «🔮 Таро».');
  return ctx.reply(
    [
      '🌐 <b>Вход в браузере</b>',
      '',
      'Кнопка ниже откроет приложение в браузере уже с вашим аккаунтом: там доступна оплата картой.',
      'Ссылка одноразовая и действует 10 минут. Никому её не пересылайте.',
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: new InlineKeyboard().url('Открыть в браузере', url) },
  );
});

export { composer as webSignInFeature };
