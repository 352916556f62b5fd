// /help. (/paysupport, the payment-support command Telegram's terms require, is the support desk: support.ts.)
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { helpCommandLines } from '../commands';
import { openAppButton } from '../keyboards';
import { readingsAuthorLine } from '../../domain/commerce/claims';

const composer = new Composer<BotContext>();

composer.command('help', (ctx) =>
  ctx.reply(
    [
      '🔮 <b>Что я умею</b>',
      '',
      ...helpCommandLines(),
      '',
      `В любом чате наберите @${ctx.me.username} — и отправьте туда свою карту дня, а с вопросом после имени бота — карту «Да или нет».`,
      '',
      '👥 <b>Карта для чата</b>',
      `В группе, где меня нет, позовите меня: напишите @${ctx.me.username} — и я отвечу картой дня для этого чата (она одна на всех до конца дня). Напишите @${ctx.me.username} и вопрос — вытяну одну карту «да или нет» с коротким толкованием и кнопкой полного расклада в приложении. Отвечаю каждому не чаще раза в минуту; из чата я ничего не сохраняю.`,
      '',
      'В приложении — все расклады, история, подписка и натальная карта. Если кнопка «🔮 Таро» под полем ввода перестала открываться, отправьте /start.',
      '',
      readingsAuthorLine(ctx.deps.services.legal.aiEnabled),
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро') },
  ),
);

export { composer as helpFeature };
