// /help. (/paysupport, the payment-support command Telegram's terms require, is the support desk: support.ts.)
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { openAppButton } from '../keyboards';
import { readingsAuthorLine } from '../../domain/claims';

const composer = new Composer<BotContext>();

composer.command('help', (ctx) =>
  ctx.reply(
    [
      '🔮 <b>Что я умею</b>',
      '',
      '/reading — расклад прямо в чате: выберите расклад, задайте вопрос, получите толкование',
      '/daily — карта дня',
      '/card — библиотека карт: значения каждой карты и урок дня',
      '/settings — часовой пояс и ежедневное напоминание',
      '/paysupport — вопросы об оплате и возврате',
      '/support — написать в поддержку',
      '/cancel — прервать начатый расклад',
      '',
      `В любом чате наберите @${ctx.me.username} — и отправьте туда свою карту дня, а с вопросом после имени бота — карту «Да или нет».`,
      '',
      'В приложении — все расклады, история, подписка и натальная карта. Если кнопка «🔮 Таро» под полем ввода перестала открываться, отправьте /start.',
      '',
      readingsAuthorLine(ctx.deps.services.legal.aiEnabled),
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро') },
  ),
);

export { composer as helpFeature };
