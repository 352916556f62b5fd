// «Расклад на двоих» from the chat: /pair makes a VIP's invitation with a share button (Telegram's share
// sheet); `/start pair_<token>` (the bot's link) shows what each will see and accepts with one tap. The pair's
// screen itself is in the Mini App. A partner chosen in the Mini App (requestChat with the prepared request_users
// button, Bot API 9.6) arrives here as `users_shared`: the bot sends them the invitation, or tells the inviter why not.
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context';
import { appUrl } from '../keyboards';
import { escapeHtml } from '../format';

const composer = new Composer<BotContext>();
const feature = composer.chatType('private');

const ACCEPT = /^pair:ok:([A-Za-z0-9_-]{16,64})$/;

feature.command('pair', async (ctx) => {
  const inv = await ctx.deps.services.pairs.invite(ctx.from.id);
  // The bot's own link opens the chat, where the invitation is accepted with a tap (the Mini App's link opens it there).
  const botLink = `https://t.me/${ctx.me.username}?start=${inv.startParam}`;
  const link = inv.link ?? botLink;
  const share = `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent('Приглашаю тебя в «Расклад на двоих»: совместимость наших карт и общий расклад.')}`;
  await ctx.reply(
    [
      '💞 <b>Приглашение в «Расклад на двоих»</b>',
      '',
      'Отправьте ссылку партнёру, другу или родственнику. Она одноразовая и действует 7 дней; пара появится, только когда он или она согласится.',
      '',
      link,
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: new InlineKeyboard().url('Поделиться приглашением', share) },
  );
});

feature.command('start', async (ctx, next) => {
  const param = ctx.match.trim();
  if (!param.startsWith('pair_')) return next();
  const token = param.slice(5);
  let inviter: string;
  try {
    const inv = await ctx.deps.services.pairs.invitation(ctx.from.id, token);
    if (inv.own) {
      await ctx.reply('Это ваше собственное приглашение — отправьте его тому, с кем хотите смотреть расклады вместе.');
      return;
    }
    inviter = inv.inviter;
  } catch (err) {
    await ctx.reply(`Приглашение не работает: ${(err as Error).message.replace(/^token: /, '')}.`);
    return;
  }
  await ctx.reply(
    [
      `💞 <b>${escapeHtml(inviter)} приглашает вас в «Расклад на двоих»</b>`,
      '',
      'Если вы согласитесь, вы оба увидите совместимость ваших натальных карт (если каждый заполнил свою) и расклады на двоих, которые задаст пригласивший.',
      'Ваши собственные расклады и заметки останутся видны только вам. Выйти из пары можно в любой момент. Подписка не нужна.',
    ].join('\n'),
    { parse_mode: 'HTML', reply_markup: new InlineKeyboard().text('Согласиться', `pair:ok:${token}`) },
  );
});

feature.on('message:users_shared', async (ctx) => {
  const shared = ctx.message.users_shared;
  const chosen = await ctx.deps.services.pairs.chosenPartner(ctx.from.id, shared.request_id);
  if (!chosen) {
    await ctx.reply('Не нашёл приглашение для этого выбора — создайте приглашение в приложении заново и отправьте ссылку.');
    return;
  }
  const partner = shared.users[0];
  if (!partner) return;
  const name = partner.first_name?.trim() || 'Выбранный человек';
  const button = new InlineKeyboard().url('💞 Принять приглашение', chosen.link);
  try {
    await ctx.api.sendMessage(partner.user_id, chosen.text, { reply_markup: button });
    await ctx.reply(`Приглашение отправлено: ${name}. Пара появится, когда он или она согласится.`);
  } catch {
    // Telegram lets a bot write only to people who started it: the inviter forwards the invitation instead.
    await ctx.reply(`${name} ещё не начинал(а) разговор с ботом, поэтому бот не может написать первым. Перешлите это приглашение сами:`);
    await ctx.reply(chosen.text, { reply_markup: button });
  }
});

composer.callbackQuery(ACCEPT, async (ctx) => {
  const pair = await ctx.deps.services.pairs.accept(ctx.from.id, ctx.match[1]);
  await ctx.answerCallbackQuery({ text: 'Вы в паре' });
  const url = appUrl(ctx.deps, `/pairs/${pair.id}`);
  await ctx.editMessageText(`💞 Готово: вы в паре с ${pair.partner.name}. Совместимость и общие расклады — в приложении.`, {
    reply_markup: url ? new InlineKeyboard().webApp('Открыть пару', url) : undefined,
  });
});

export { composer as pairsFeature };
