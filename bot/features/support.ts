// The support desk in the chat. /paysupport, /support and `/start support` (the app's «Поддержка») open the
// user's conversation; while it is open, the user's ordinary messages (text, photos, documents) go to the
// operators with the user's card, and commands still work. Operators answer by replying to a relayed message or
// with /reply N text, and close with /close N; the user closes with «Завершить обращение». Anyone else's
// /reply and /close fall through to the unhandled answer, revealing nothing.
import { Composer, GrammyError, InlineKeyboard, type Api } from 'grammy';
import type { Message } from 'grammy/types';
import type { SupportMessageKind } from '../../db/schema';
import { ServiceError } from '../../services/errors';
import type { SupportCard } from '../../services/support';
import type { BotContext } from '../context';
import { sendCrisis } from '../crisis';
import { escapeHtml } from '../format';
import { appUrl } from '../keyboards';
import { answerHint, cardHtml, noDeskHtml, openedHtml } from '../support-card';

const composer = new Composer<BotContext>();
const privateChat = composer.chatType('private');

/** «Завершить обращение» of conversation N. */
const closeData = (n: number) => `sp:close:${n}`;
const closeButton = (n: number) => new InlineKeyboard().text('✅ Завершить обращение', closeData(n));
/** Telegram's limit on a message; a longer user text goes under its card as a message of its own. */
const MESSAGE_MAX = 4096;

function closeKeyboard(ctx: BotContext, n: number, withSubscription: boolean): InlineKeyboard {
  const kb = closeButton(n);
  const url = withSubscription ? appUrl(ctx.deps, '/subscription') : null;
  return url ? kb.row().webApp('✨ Моя подписка', url) : kb;
}

async function openDesk(ctx: BotContext, payment: boolean) {
  const { support } = ctx.deps.services;
  if (!support.operatorChats().length) {
    return ctx.reply(noDeskHtml(support.email(), support.answerWithin, payment), { parse_mode: 'HTML' });
  }
  const c = await support.open(ctx.from!.id);
  await ctx.reply(openedHtml({ number: c.number, created: c.created, payment, answerWithin: support.answerWithin }), {
    parse_mode: 'HTML',
    reply_markup: closeKeyboard(ctx, c.number, payment),
  });
}

/** «Это вопрос в поддержку» under a free text outside a ticket: opens the desk. */
export const OPEN_DESK_DATA = 'sp:open';

privateChat.callbackQuery(OPEN_DESK_DATA, async (ctx) => {
  await ctx.answerCallbackQuery();
  await openDesk(ctx, false);
});
privateChat.command('paysupport', (ctx) => openDesk(ctx, true));
privateChat.command('support', (ctx) => openDesk(ctx, false));
// t.me/<bot>?start=support: the app's «Поддержка» button.
privateChat.command('start', async (ctx, next) => {
  if (ctx.match.trim() !== 'support') return next();
  // As any /start: whoever writes it can be written to again.
  await ctx.deps.services.notifications.setReachable(ctx.from.id, true);
  await openDesk(ctx, false);
});

privateChat.callbackQuery(/^sp:close:(\d{1,15})$/, async (ctx) => {
  const n = Number(ctx.match[1]);
  const closed = await ctx.deps.services.support.closeByUser(ctx.from.id, n);
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => {});
  if (!closed) return ctx.reply(`Обращение №${n} уже закрыто. Если понадобится помощь — /paysupport.`);
  await ctx.reply(`Обращение №${closed.number} закрыто. Спасибо! Если понадобится помощь — /paysupport.`);
  await toOperators(ctx.api, ctx.deps.services.support.operatorChats(), `🔒 Пользователь закрыл обращение №${closed.number}.`);
});

/** A note to each operators' chat; one that cannot be reached (an admin who never started the bot) is skipped. */
async function toOperators(api: Api, chats: number[], html: string): Promise<void> {
  for (const chatId of chats) {
    await api.sendMessage(chatId, html, { parse_mode: 'HTML' }).catch((err) => {
      if (!(err instanceof GrammyError)) throw err;
    });
  }
}

/** Relays one user message to the operators: the card and the text (a file is copied under its card). */
async function relay(ctx: BotContext, card: SupportCard, m: { kind: SupportMessageKind; text: string }): Promise<number> {
  const { support } = ctx.deps.services;
  const n = card.conversation.number;
  const body = m.text ? escapeHtml(m.text) : '';
  const label = m.kind === 'photo' ? '🖼 Фото ниже' : m.kind === 'document' ? '📎 Файл ниже' : '';
  const head = `${cardHtml(card)}\n\n`;
  const tail = `\n\n${answerHint(n)}`;
  const inOne = m.kind === 'text' && head.length + body.length + tail.length <= MESSAGE_MAX;
  const first = inOne ? `${head}${body}${tail}` : `${head}${label || 'Текст — следующим сообщением.'}${tail}`;
  let delivered = 0;
  for (const chatId of support.operatorChats()) {
    try {
      const ids = [(await ctx.api.sendMessage(chatId, first, { parse_mode: 'HTML' })).message_id];
      if (m.kind === 'text' && !inOne) ids.push((await ctx.api.sendMessage(chatId, m.text)).message_id);
      if (m.kind !== 'text') ids.push((await ctx.api.copyMessage(chatId, ctx.chat!.id, ctx.msg!.message_id)).message_id);
      for (const id of ids) await support.relayed(chatId, id, n, card.user.id);
      delivered++;
    } catch (err) {
      if (!(err instanceof GrammyError)) throw err;
      ctx.deps.logger.warn({ chatId, description: err.description }, 'support relay failed');
    }
  }
  return delivered;
}

/** Who may answer here: anyone in the support chat, an admin anywhere. */
const operatorOf = (ctx: BotContext) => (ctx.chat && ctx.from ? ctx.deps.services.support.mayOperate(ctx.chat.id, ctx.from.id) : false);

/** Sends an operator's answer to the user and says in the operators' chat whether it arrived. */
async function answer(ctx: BotContext, number: number, text: string) {
  const { support } = ctx.deps.services;
  const to = await support.answer(ctx.chat!.id, ctx.from!.id, number, text);
  try {
    await ctx.api.sendMessage(
      to.userId,
      `💬 <b>Ответ поддержки</b> · обращение №${to.number}\n\n${escapeHtml(text)}\n\n<i>Можно ответить здесь же.</i>`,
      {
        parse_mode: 'HTML',
        reply_markup: closeButton(to.number),
      },
    );
    await ctx.reply(`✅ Ответ отправлен пользователю (обращение №${to.number}).`, {
      reply_parameters: { message_id: ctx.msg!.message_id },
    });
  } catch (err) {
    if (!(err instanceof GrammyError)) throw err;
    await ctx.reply(`⚠️ Ответ по обращению №${to.number} сохранён, но не доставлен: ${escapeHtml(err.description)}`);
  }
}

/** «/reply 12 текст» or «/close 12»: the number and the rest; null when the number is missing. */
function parseArgs(match: string): { number: number; rest: string } | null {
  const m = /^\s*№?(\d{1,15})\b\s*([\s\S]*)$/.exec(match);
  return m ? { number: Number(m[1]), rest: m[2].trim() } : null;
}

composer.command('reply', async (ctx, next) => {
  if (!operatorOf(ctx)) return next();
  const args = parseArgs(ctx.match);
  if (!args?.rest) return ctx.reply('Формат: /reply N текст ответа — например, /reply 12 Доступ восстановлен.');
  await answer(ctx, args.number, args.rest);
});

composer.command('close', async (ctx, next) => {
  if (!operatorOf(ctx)) return next();
  const args = parseArgs(ctx.match);
  if (!args) return ctx.reply('Формат: /close N — например, /close 12.');
  const closed = await ctx.deps.services.support.closeByOperator(ctx.chat.id, ctx.from!.id, args.number);
  await ctx.api
    .sendMessage(closed.userId, `Обращение №${closed.number} закрыто поддержкой. Если вопрос остался — /paysupport откроет новое.`)
    .catch((err) => {
      if (!(err instanceof GrammyError)) throw err;
    });
  await ctx.reply(`🔒 Обращение №${closed.number} закрыто.`);
});

// An operator's reply to a relayed message answers its conversation.
composer.on('message:text', async (ctx, next) => {
  const replyTo = ctx.message.reply_to_message;
  if (!replyTo || ctx.message.text.startsWith('/') || !operatorOf(ctx)) return next();
  const number = await ctx.deps.services.support.relayOf(ctx.chat.id, replyTo.message_id);
  if (number === undefined) return next();
  await answer(ctx, number, ctx.message.text);
});

/** What a user message holds for support, or null for one it does not take (a command, a sticker). */
function supportContent(msg: Message): { kind: SupportMessageKind; text: string; fileId?: string } | null {
  if (msg.text !== undefined) return msg.text.startsWith('/') ? null : { kind: 'text', text: msg.text };
  if (msg.photo?.length) return { kind: 'photo', text: msg.caption ?? '', fileId: msg.photo[msg.photo.length - 1].file_id };
  if (msg.document) return { kind: 'document', text: msg.caption ?? '', fileId: msg.document.file_id };
  return null;
}

// While the user's conversation is open, their ordinary messages go to the operators.
privateChat.on(['message:text', 'message:photo', 'message:document'], async (ctx, next) => {
  const content = supportContent(ctx.message);
  if (!content) return next();
  const { support } = ctx.deps.services;
  let card: SupportCard | null;
  try {
    card = await support.fromUser(ctx.from.id, content);
  } catch (err) {
    // Over the per-user limit: said in the chat; the message is not relayed.
    if (err instanceof ServiceError && err.code === 'limit_reached') return ctx.reply(`⏳ ${err.message}`);
    throw err;
  }
  if (!card) return next();
  const delivered = await relay(ctx, card, content);
  if (!delivered) {
    await ctx.reply(noDeskHtml(support.email(), support.answerWithin, false), { parse_mode: 'HTML' });
  } else {
    await ctx.reply(`✉️ Передано в поддержку (обращение №${card.conversation.number}). Ответ придёт сюда.`, {
      reply_markup: closeButton(card.conversation.number),
    });
  }
  // Words of a crisis get the help lines too, as anywhere in the chat.
  const crisis = content.text ? await ctx.deps.services.care.crisisOf(content.text) : null;
  if (crisis) await sendCrisis(ctx.api, ctx.deps, ctx.chat.id, crisis, 'support');
});

export { composer as supportFeature };
