// /help. (/paysupport, the payment-support command Telegram's terms require, is the support desk: support.ts.)
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { helpCommandLines } from '../commands';
import { openAppButton } from '../keyboards';
import { readingsAuthorLine } from '../../domain/claims';

const composer = new Composer<BotContext>();

composer.command('help', (ctx) =>
  ctx.reply(
    [
      '🔮 <b>Что я умею</b>',
      '',
      ...helpCommandLines(),
      '',
      `В любом чате наберите @${ctx.me.username} — и отправьте туда свою карту дня.`,
      '',
      'В приложении — все расклады, история, подписка и натальная карта. Если кнопка «🔮 Таро» под полем ввода перестала открываться, отправьте /start.',
      '',
      readingsAuthorLine(ctx.deps.services.legal.aiEnabled),
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро') },
  ),
);

export { composer as helpFeature };
