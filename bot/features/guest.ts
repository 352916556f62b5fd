// Guest mode («Карта для чата»): someone writes @bot in a chat the bot is not a member of and Telegram sends a
// guest_message, answered once with answerGuestQuery. No question: the chat's card of the day (the same for
// everyone in that chat); a question: one card with a two-line reading through the question model (a crisis
// gets care and help lines, never a card). A button opens the app for a full reading. The services decide
// the rate limit; nothing from the chat is stored or logged (no profile is touched: installed before that).
import { Composer, InlineKeyboard } from 'grammy';
import type { InlineQueryResultArticle } from 'grammy/types';
import { chatQuestion, type ChatCardAnswer } from '../../domain/chat-card';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';

const composer = new Composer<BotContext>();

const article = (id: string, title: string, html: string, keyboard?: InlineKeyboard): InlineQueryResultArticle => ({
  type: 'article',
  id,
  title,
  input_message_content: { message_text: html, parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
  ...(keyboard ? { reply_markup: keyboard } : {}),
});

/** What the chat sees: the card (or the help lines) and a button into the app. */
function guestResult(a: ChatCardAnswer, question: string, bot: string): InlineQueryResultArticle {
  const app = (text: string, param: string) => new InlineKeyboard().url(text, `https://t.me/${bot}?startapp=${param}`);
  switch (a.kind) {
    case 'crisis':
      return article(
        `crisis:${a.crisis.kind}`,
        'Сейчас важнее поддержка, чем карты',
        [
          escapeHtml(a.crisis.message),
          '',
          ...a.crisis.lines.map((l) => `📞 <b>${escapeHtml(l.phone)}</b> — ${escapeHtml(l.name)}: ${escapeHtml(l.note)}.`),
          '',
          'Когда станет полегче, возвращайтесь к картам — они подождут.',
        ].join('\n'),
      );
    case 'daily':
      return article(
        `chat-day:${a.day}`,
        `🃏 Карта дня для чата: ${a.card.title}`,
        [
          '🃏 <b>Карта дня для этого чата</b>',
          `<b>${escapeHtml(a.card.title)}</b>`,
          '',
          escapeHtml(a.card.meaning),
          '',
          '<i>Одна на весь чат до конца дня: кто бы меня ни позвал сегодня, выпадет она же.</i>',
        ].join('\n'),
        app('🔮 Открыть карту в Таро', `card_${a.card.card.id}`),
      );
    default:
      return article(
        `chat-${a.kind}:${a.card.card.id}:${a.card.orientation}`,
        `🃏 ${a.card.title}`,
        [
          `❓ <i>${escapeHtml(question)}</i>`,
          '',
          `🃏 <b>${escapeHtml(a.card.title)}</b>`,
          escapeHtml(a.lines[0]),
          escapeHtml(a.lines[1]),
        ].join('\n'),
        app('🔮 Полный расклад в приложении', 'guest'),
      );
  }
}

async function answer(ctx: BotContext & { guestMessage: NonNullable<BotContext['guestMessage']> }) {
  const m = ctx.guestMessage;
  const queryId = m.guest_query_id;
  const caller = m.from;
  if (!queryId || !caller) return;
  const question = chatQuestion(m.text ?? m.caption ?? '', ctx.me.username);
  const decision = await ctx.deps.services.guest.summon({ queryId, chatId: m.chat.id, callerId: caller.id, question });
  if (decision.kind === 'silent') return;
  if (decision.kind === 'limited') {
    await ctx.answerGuestQuery(
      article('limited', 'Одна карта в минуту', '⏳ Я отвечаю каждому не чаще раза в минуту — позовите меня чуть позже.'),
    );
    return;
  }
  if (decision.answer.kind === 'crisis') ctx.deps.logger.info({ crisis: true, via: 'guest' }, 'crisis answer: help lines instead of cards');
  await ctx.answerGuestQuery(guestResult(decision.answer, question, ctx.me.username));
}

composer.on('guest_message', async (ctx) => {
  try {
    await answer(ctx);
  } catch (err) {
    // Not the error boundary: it logs the whole update (the chat's text) and would reply into a chat the bot
    // is not in. The caller may simply summon the bot again.
    const e = err as { message?: string; error_code?: number };
    ctx.deps.logger.error({ updateId: ctx.update.update_id, via: 'guest', error: e.message, code: e.error_code }, 'guest answer failed');
  }
});

export const guestFeature = composer;
