// /start [param]: the referral is stored (the first one is kept), a Russian welcome with an inline
// `web_app` button, the chat's menu button set to the Mini App, and the reply-keyboard launch button.
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { appUrl, launchKeyboard, openAppButton } from '../keyboards';
import { profileOf } from '../middlewares/user';
import { readingsAuthorLine } from '../../domain/commerce/claims';
import { greetingCommandLines } from '../commands';
import { offerContinue } from '../continue-reading';

const composer = new Composer<BotContext>();
const feature = composer.chatType('private');

/** Telegram allows A-Z, a-z, 0-9, _ and - in a start parameter, up to 64 characters. */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

feature.command('start', async (ctx) => {
  const { services } = ctx.deps;
  const param = ctx.match.trim();
  const from = ctx.from;
  if (param && START_PARAM.test(param)) {
    await services.users.touchProfile(profileOf(from), param);
  }
  // Whoever writes /start can be written to again (a previous 403 may have marked them unreachable).
  await services.notifications.setReachable(from.id, true);

  const url = appUrl(ctx.deps);
  if (url) {
    await ctx.api.setChatMenuButton({ chat_id: ctx.chat.id, menu_button: { type: 'web_app', text: 'Таро', web_app: { url } } });
  }
  const name = from.first_name ? `, ${from.first_name}` : '';
  await ctx.reply(
    [
      `✨ Здравствуйте${name}! Я — бот «Таро».`,
      '',
      'Сделаю расклад на картах Таро, вытяну карту дня и истолкую, что говорят карты. Откройте приложение кнопкой ниже или попробуйте прямо здесь:',
      ...greetingCommandLines(),
      '',
      `${readingsAuthorLine(ctx.deps.services.legal.aiEnabled)} Сервис для тех, кому исполнилось 18.`,
    ].join('\n'),
    { reply_markup: openAppButton(ctx.deps, '🔮 Открыть Таро') },
  );
  await offerContinue(ctx);
  const keyboard = launchKeyboard(ctx.deps, from.id, await ctx.deps.services.webAuth.tokenGeneration(from.id));
  if (keyboard) await ctx.reply('Кнопка «🔮 Таро» под полем ввода тоже открывает приложение.', { reply_markup: keyboard });
});

export { composer as startFeature };
