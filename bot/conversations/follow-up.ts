// «Уточнить» in the chat, after a chat reading: the user writes a follow-up question, the server deals one
// clarifying card and the answer arrives, streamed as a draft (bot/live-reply.ts). The same allowance as the app
// (services.followUps decides); a free user gets the offer instead.
import { followUpsLockedText } from '../../domain/commerce/claims';
import type { Conversation } from '@grammyjs/conversations';
import { InlineKeyboard, type Api } from 'grammy';
import { FOLLOW_UP_QUESTION_MAX, FOLLOW_UP_QUESTION_MIN } from '../../domain/reading/follow-up';
import { ServiceError } from '../../services/errors';
import type { FollowUpAllowance } from '../../services/follow-ups';
import type { DealtCardView } from '../../services/readings';
import type { BotContext, BotDeps, InnerContext } from '../context';
import { escapeHtml } from '../format';
import { openAppButton } from '../keyboards';
import { deliverTurn } from '../reading-turn';

export const FOLLOW_UP_CONVERSATION = 'follow-up';
export const followUpCallback = (readingId: number) => `fu:${readingId}`;
/** Under an answer the user stopped: what was written stays, the whole answer is kept for the app. */
export const FOLLOW_UP_STOPPED = 'Остановлено. Ответ целиком — в приложении, без новой карты и без оплаты.';

/** The «Уточнить» button under a chat reading's interpretation, with the app's one. */
export function withFollowUpButton(kb: InlineKeyboard | undefined, readingId: number): InlineKeyboard {
  return (kb ?? new InlineKeyboard()).row().text('🔎 Уточнить', followUpCallback(readingId));
}

type Check = { ok: true; allowance: FollowUpAllowance } | { ok: false; message: string; offer: boolean };

async function check(deps: BotDeps, userId: number, readingId: number): Promise<Check> {
  try {
    const { allowance } = await deps.services.followUps.list(userId, readingId);
    if (allowance.locked)
      return {
        ok: false,
        offer: true,
        message: `🔒 ${followUpsLockedText()}`,
      };
    if (allowance.remaining <= 0)
      return {
        ok: false,
        offer: false,
        message: `Уточнения к этому раскладу закончились (${allowance.used} из ${allowance.limit}). Новый вопрос — новый расклад: /reading`,
      };
    return { ok: true, allowance };
  } catch (err) {
    if (err instanceof ServiceError) return { ok: false, offer: false, message: err.message };
    throw err;
  }
}

/** Asks, then streams the answer under its clarifying card, announced first (bot/reading-turn.ts). */
const deliverFollowUp = (api: Api, deps: BotDeps, chatId: number, userId: number, readingId: number, question: string) =>
  deliverTurn(api, deps, chatId, readingId, {
    ask: () => deps.services.followUps.ask(userId, readingId, question),
    via: 'bot_follow_up',
    head: (asked) => `${cardLine(asked.followUp.card)}\n«${escapeHtml(asked.followUp.question)}»\n\n`,
    waiting: (asked) => `${cardLine(asked.followUp.card)}\n\n🔮 Карты отвечают…`,
    textOf: (done) => done.answer,
    notice: (done) =>
      done.fallback && done.error
        ? '\n\n<i>ИИ сейчас недоступен: это ответ по значениям карт. В приложении можно спросить ИИ ещё раз бесплатно.</i>'
        : '',
    stopped: FOLLOW_UP_STOPPED,
    again: (remaining) => ({ text: `🔎 Уточнить ещё (${remaining})`, data: followUpCallback(readingId) }),
  });

const cardLine = (c: DealtCardView) => `🃏 Уточняющая карта: <b>${escapeHtml(c.name)}</b>${c.reversed ? ' (перевёрнутая)' : ''}`;

export async function followUpConversation(
  conversation: Conversation<BotContext, InnerContext>,
  ctx: InnerContext,
  readingId: number,
): Promise<void> {
  const userId = ctx.from?.id;
  const chatId = ctx.chat?.id;
  if (!userId || !chatId) return;
  const checked = await conversation.external((outer) => check(outer.deps, userId, readingId));
  if (!checked.ok) {
    await ctx.reply(checked.message, {
      reply_markup: checked.offer ? openAppButton(ctx.deps, '✨ Открыть уточнения', '/subscription') : undefined,
    });
    return;
  }
  await ctx.reply(
    `🔎 Что бы вы хотели уточнить? Напишите вопрос одним сообщением (от ${FOLLOW_UP_QUESTION_MIN} до ${FOLLOW_UP_QUESTION_MAX} символов) — карты вытянут ещё одну карту для ответа.\n\nОсталось уточнений: ${checked.allowance.remaining} из ${checked.allowance.limit}. /cancel — отменить`,
  );
  let question: string;
  for (;;) {
    const answer = await conversation.waitFor('message:text', {
      otherwise: (c) =>
        c.callbackQuery
          ? c.answerCallbackQuery({ text: 'Напишите вопрос сообщением' })
          : c.reply('Напишите вопрос текстом или отправьте /cancel.'),
    });
    const q = answer.message.text.replace(/\s+/g, ' ').trim();
    if (q.length >= FOLLOW_UP_QUESTION_MIN && q.length <= FOLLOW_UP_QUESTION_MAX) {
      question = q;
      break;
    }
    await ctx.reply(
      q.length < FOLLOW_UP_QUESTION_MIN
        ? `Вопрос должен содержать хотя бы ${FOLLOW_UP_QUESTION_MIN} символа. Попробуйте ещё раз или отправьте /cancel.`
        : `Не больше ${FOLLOW_UP_QUESTION_MAX} символов. Попробуйте короче или отправьте /cancel.`,
    );
  }
  await conversation.external((outer) => deliverFollowUp(outer.api, outer.deps, chatId, userId, readingId, question));
}
