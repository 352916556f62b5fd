// A personal question asked in a group the bot is in (`/reading вопрос`): the card's answer goes to the caller
// alone as an ephemeral message (Bot API 10.2, `ephemeral_message_parameters`), marked «только вам», with a
// button into the app for a full reading. It is the guest card's answer (the same service, the same minute's
// limit per caller and chat, the same care model). Where Telegram refuses ephemeral messages (an older server
// or client) the caller gets today's line with a button into the private chat: the caller's false return.
import { InlineKeyboard } from 'grammy';
import { chatQuestion, type ChatCardAnswer } from '../../domain/reading/chat-card';
import { questionHtml } from '../card-result';
import type { BotContext } from '../context';
import { crisisHtml } from '../crisis';
import { escapeHtml } from '../format';

export const ONLY_YOU_HEADER = '🔒 <b>Только вам</b> — этот ответ видите только вы.';
const LIMITED_TEXT = '⏳ Я отвечаю каждому не чаще раза в минуту — спросите чуть позже.';

function answerHtml(a: ChatCardAnswer, question: string): string {
  if (a.kind === 'crisis') return crisisHtml(a.crisis, false);
  if (a.kind === 'daily') return `🃏 <b>${escapeHtml(a.card.title)}</b>`;
  return questionHtml({ question, cardTitle: a.card.title, verdict: a.verdict, text: a.text, care: a.care });
}

/** Answers `question` to the caller alone; false when Telegram refused (the caller falls back). */
export async function answerOnlyYou(ctx: BotContext, text: string): Promise<boolean> {
  const msg = ctx.msg;
  const caller = ctx.from;
  if (!msg || !caller || !ctx.chat) return false;
  const question = chatQuestion(text, ctx.me.username);
  if (!question) return false;
  const decision = await ctx.deps.services.guest.summon({
    queryId: `group:${ctx.chat.id}:${msg.message_id}`,
    chatId: ctx.chat.id,
    callerId: caller.id,
    question,
  });
  if (decision.kind === 'silent') return true;
  const body = decision.kind === 'limited' ? LIMITED_TEXT : answerHtml(decision.answer, question);
  if (decision.kind === 'answer' && decision.answer.kind === 'crisis')
    ctx.deps.logger.info({ crisis: true, via: 'group' }, 'crisis answer: help lines instead of cards');
  try {
    await ctx.api.sendMessage(ctx.chat.id, `${ONLY_YOU_HEADER}\n\n${body}`, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: new InlineKeyboard().url('🔮 Полный расклад в приложении', `https://t.me/${ctx.me.username}?startapp=guest`),
      ephemeral_message_parameters: { receiver_user_id: caller.id },
    });
    return true;
  } catch (err) {
    const e = err as { description?: string; error_code?: number };
    // Nothing of the question is logged: it is the caller's.
    ctx.deps.logger.warn(
      { via: 'group', code: e.error_code, error: e.description },
      'ephemeral answer refused: private-chat button instead',
    );
    return false;
  }
}
