// Guest mode («Карта для чата»): someone writes @bot in a chat the bot is not a member of and Telegram sends a
// guest_message, answered once with answerGuestQuery. No question: the chat's card of the day (the same for
// everyone in that chat); a question: one card and what it says, in the words of inline «Да или нет» (a crisis
// gets care and help lines, never a card). Cards come as their JPEG picture, like inline results. A button
// opens the app for a full reading. The services decide the rate limit; nothing from the chat is stored or
// logged (no profile is touched: installed before that).
import { Composer, InlineKeyboard } from 'grammy';
import type { InlineQueryResult, InlineQueryResultArticle } from 'grammy/types';
import { chatQuestion, type ChatCardAnswer } from '../../domain/reading/chat-card';
import { cardResult, questionHtml, questionTitle } from '../card-result';
import type { BotContext } from '../context';
import { crisisHtml } from '../crisis';
import { escapeHtml } from '../format';

const composer = new Composer<BotContext>();

const article = (id: string, title: string, html: string): InlineQueryResultArticle => ({
  type: 'article',
  id,
  title,
  input_message_content: { message_text: html, parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
});

/** What the chat sees: the card (its picture when the server has a public address) or the help lines, and a button into the app. */
function guestResult(a: ChatCardAnswer, question: string, bot: string, base: string | null): InlineQueryResult {
  const app = (text: string, param: string) => new InlineKeyboard().url(text, `https://t.me/${bot}?startapp=${param}`);
  if (a.kind === 'crisis') return article(`crisis:${a.crisis.kind}`, '💛 Сейчас важнее поддержка, а не карты', crisisHtml(a.crisis, false));
  const card = { cardId: a.card.card.id, reversed: a.card.orientation === 'reversed' };
  if (a.kind === 'daily')
    return cardResult(base, {
      id: `chat-day:${a.day}`,
      title: `🃏 Карта дня для чата: ${a.card.title}`,
      html: [
        '🃏 <b>Карта дня для этого чата</b>',
        `<b>${escapeHtml(a.card.title)}</b>`,
        '',
        escapeHtml(a.card.meaning),
        '',
        '<i>Одна на весь чат до конца дня: кто бы меня ни позвал сегодня, выпадет она же.</i>',
      ].join('\n'),
      card,
      markup: app('🔮 Открыть карту в Таро', `card_${a.card.card.id}`),
    });
  // The same words as inline «Да или нет»: one model, one way to say it.
  return cardResult(base, {
    id: `chat-${a.kind}:${a.card.card.id}:${a.card.orientation}`,
    title: questionTitle(a.verdict, a.card.title),
    html: questionHtml({ question, cardTitle: a.card.title, verdict: a.verdict, text: a.text, care: a.care }),
    card,
    markup: app('🔮 Полный расклад в приложении', 'guest'),
  });
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
  await ctx.answerGuestQuery(guestResult(decision.answer, question, ctx.me.username, ctx.deps.webAppUrl()));
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
