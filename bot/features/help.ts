// /help and /paysupport (the payment-support command Telegram's terms require of bots that take payments).
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { openAppButton } from '../keyboards';
import { readingsAuthorLine } from '../../domain/claims';
import { SUPPORT_ANSWER } from '../../domain/legal';

const composer = new Composer<BotContext>();

composer.command('help', (ctx) =>
  ctx.reply(
    [
      '🔮 <b>Что я умею</b>',
      '',
      '/reading — расклад прямо в чате: выберите расклад, задайте вопрос, получите толкование',
      '/daily — карта дня',
      '/settings — часовой пояс и ежедневное напоминание',
      '/paysupport — вопросы об оплате и возврате',
      '/cancel — прервать начатый расклад',
      '',
      'В приложении — все расклады, история, подписка и натальная карта. Если кнопка «🔮 Таро» под полем ввода перестала открываться, отправьте /start.',
      '',
      readingsAuthorLine(ctx.deps.services.legal.aiEnabled),
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро') },
  ),
);

composer.command('paysupport', (ctx) =>
  ctx.reply(
    [
      '💳 <b>Поддержка по оплате</b>',
      '',
      `Если оплата прошла, а доступ не появился, или вы хотите вернуть платёж — напишите сюда, в этот чат, одним сообщением: что купили, когда и что пошло не так. Мы ответим ${SUPPORT_ANSWER}.`,
      '',
      'Покупки в Telegram Stars возвращаются на ваш баланс Stars. Подписку можно отменить в приложении: доступ сохранится до конца оплаченного периода.',
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: openAppButton(ctx.deps, '✨ Моя подписка', '/subscription') },
  ),
);

export { composer as helpFeature };
