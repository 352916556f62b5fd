// A reading in the chat (@grammyjs/conversations v2): choose a spread → write the question → the server
// deals the cards → the interpretation arrives as one rich message, streamed (bot/reading-reply.ts). The same access rules and
// quotas as the app: every decision is the services' (readings.create charges the spread and deals).
// Conversation code is replayed on every update, so anything with side effects runs in `external`.
import type { Conversation } from '@grammyjs/conversations';
import { InlineKeyboard, type Api } from 'grammy';
import { validateQuestion, QUESTION_MAX, QUESTION_MIN } from '../../domain/reading/question-input';
import { spreadOf } from '../../domain/tarot/spreads';
import type { SpreadType } from '../../domain/types';
import type { CrisisAnswer } from '../../domain/reading/crisis';
import { crisisOf } from '../../services/crisis';
import { ServiceError } from '../../services/errors';
import { FALLBACK_NOTICES } from '../../services/interpretation';
import type { ReadingView } from '../../services/readings';
import type { BotContext, BotDeps, InnerContext } from '../context';
import { escapeHtml } from '../format';
import { sendCrisis } from '../crisis';
import { openAppButton } from '../keyboards';
import { withFollowUpButton } from './follow-up';
import { withSecondOpinionButton } from '../features/second-opinion';
import { withReadAloudButton } from '../read-aloud';
import { sendSpreadPicture } from '../spread-picture';
import { openReadingReply } from '../reading-reply';

export const READING_CONVERSATION = 'reading';

/** «Спросить ИИ ещё раз» under a card-based reading: the callback data is this prefix and the reading id. */
export const ASK_AI_AGAIN = '🔮 Спросить ИИ ещё раз';
export const ASK_AI_AGAIN_DATA = 'ai-again:';
/** «Расклад на этот вопрос» under a free text: the question is the message the button's message replies to. */
export const ASK_TEXT_DATA = 'rd:ask-text';

/** A question the user already wrote (free text outside the reading), and its message (the request's key). */
export interface PresetQuestion {
  question: string;
  messageId: number;
}

interface MenuItem {
  id: SpreadType;
  label: string;
  locked: null | 'needs_paid' | 'needs_vip';
}

type Menu = { ok: true; items: MenuItem[] } | { ok: false; message: string };

type Created = { ok: true; reading: ReadingView } | { ok: false; message: string; code: string; crisis: CrisisAnswer | null };

/** The spreads with the user's access to each (the readings service decides), or why no reading is possible today. */
async function spreadMenu(deps: BotDeps, userId: number): Promise<Menu> {
  const menu = await deps.services.readings.spreadMenu(userId);
  if (!menu.ok) return menu;
  return {
    ok: true,
    items: menu.spreads.map(({ id, locked }) => {
      const s = spreadOf(id);
      return { id, label: `${s.icon} ${s.name}${locked ? ' 🔒' : ''}`, locked };
    }),
  };
}

function menuKeyboard(items: MenuItem[]): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const item of items) kb.text(item.label, `rd:${item.id}`).row();
  return kb.text('Отмена', 'rd:cancel');
}

/** Under a reply the user stopped: what is written stays, and the rest is there at no cost. */
export const STOPPED_NOTE = 'Остановлено. Расклад уже засчитан — дописать толкование можно бесплатно.';
export const CONTINUE_READING = '✍️ Дописать толкование';

/**
 * Streams the interpretation into the chat as one rich message (bot/reading-reply.ts: the cards' collage and
 * table, each card's reading as a detail, the conclusion as a quotation) or, where the chat refuses rich
 * messages, as a plain-text draft (or one message edited as the text grows) after the spread's picture; then
 * the message that stays, with «Открыть в приложении», «Уточнить» and «Второе мнение». A stop keeps what
 * was written, marked as stopped; the spread stays used and the rest is asked again free.
 */
export async function deliverInterpretation(
  api: Api,
  deps: BotDeps,
  chatId: number,
  userId: number,
  readingId: number,
  o: { retry?: boolean; picture?: boolean } = {},
): Promise<void> {
  let session: Awaited<ReturnType<BotDeps['services']['interpretation']['open']>> | undefined;
  const reading = await deps.services.readings.get(userId, readingId).catch(() => null);
  let pictured = !o.picture;
  const live = await openReadingReply(api, deps, chatId, reading, {
    waiting: o.retry ? '🔮 Спрашиваю ИИ ещё раз…' : '🔮 Толкую карты…',
    // The writing stops with the stream: the provider's call is cancelled when no one else reads it.
    onStop: () => session?.close(),
    beforePlain: async () => {
      if (pictured || !reading) return;
      pictured = true;
      await sendSpreadPicture(api, deps, chatId, userId, reading);
    },
  });
  const appButton = () => withFollowUpButton(openAppButton(deps, '📖 Открыть в приложении', `/history/${readingId}`), readingId);
  // A second opinion reads a finished interpretation: not offered under a stopped one.
  const button = () => withReadAloudButton(withSecondOpinionButton(appButton(), readingId), deps, readingId);

  let final: { text: string; fallback: boolean; reason: 'no_ai' | 'ai_failed' | null; canRetry: boolean } | null = null;
  try {
    session = o.retry
      ? await deps.services.interpretation.retry(userId, readingId)
      : await deps.services.interpretation.open(userId, readingId);
  } catch (err) {
    if (err instanceof ServiceError) return live.fail(`Толкование сейчас недоступно: ${err.message} Откройте расклад в приложении позже.`);
    throw err;
  }
  // Stopped while the session opened: nothing more is read.
  if (live.stopped) session.close();
  let text = '';
  for await (const e of session.events()) {
    if (live.stopped) break;
    if (e.type === 'delta') {
      text += e.text;
      // A lone markdown mark («##») is not shown: the draft waits for words.
      if (/[\p{L}\d]/u.test(text)) live.update(text);
    } else if (e.type === 'done') {
      final = { text: e.result.interpretation, fallback: e.result.fallback, reason: e.result.fallbackReason, canRetry: e.result.canRetry };
    } else {
      if (live.stopped) break;
      const err = e.error;
      return live.fail(
        `${err instanceof ServiceError ? err.message : 'Не удалось получить толкование.'} Попробуйте открыть расклад в приложении.`,
      );
    }
  }
  if (live.stopped) {
    // What was written stays, marked; «Дописать» asks again for this reading at no cost (no spread is taken).
    const kb = appButton().row().text(CONTINUE_READING, `${ASK_AI_AGAIN_DATA}${readingId}`);
    return live.finish(text, STOPPED_NOTE, kb);
  }
  if (!final) return;
  // A card-based text says so calmly; when the AI failed, the same cards can go to it again at no cost.
  const notice = !final.fallback ? null : final.reason === 'ai_failed' ? FALLBACK_NOTICES.aiFailed : `${FALLBACK_NOTICES.label}.`;
  const kb = button();
  if (final.fallback && final.canRetry) kb.row().text(ASK_AI_AGAIN, `${ASK_AI_AGAIN_DATA}${readingId}`);
  await live.finish(final.text.trim() || text, notice, kb);
}

/** The conversation. `ctx` is a fresh context per replay; `external` tasks get the outside one. */
export async function readingConversation(
  conversation: Conversation<BotContext, InnerContext>,
  ctx: InnerContext,
  preset?: PresetQuestion,
): Promise<void> {
  const userId = ctx.from?.id;
  const chatId = ctx.chat?.id;
  if (!userId || !chatId) return;

  const menu = await conversation.external((outer) => spreadMenu(outer.deps, userId));
  if (!menu.ok) {
    await ctx.reply(`${menu.message}\n\nВ приложении можно оформить подписку, чтобы делать больше раскладов.`, {
      reply_markup: openAppButton(ctx.deps, '✨ Подписка', '/subscription'),
    });
    return;
  }
  const menuMessage = await ctx.reply('🔮 Выберите расклад:', { reply_markup: menuKeyboard(menu.items) });

  let spreadId: SpreadType;
  for (;;) {
    const choice = await conversation.waitForCallbackQuery(/^rd:([a-z_]+)$/, {
      otherwise: (c) =>
        c.callbackQuery
          ? c.answerCallbackQuery({ text: 'Сначала выберите расклад или отправьте /cancel' })
          : c.reply('Выберите расклад кнопкой выше или отправьте /cancel.'),
    });
    const id = choice.match[1];
    if (id === 'cancel') {
      await choice.answerCallbackQuery();
      await ctx.api.editMessageText(chatId, menuMessage.message_id, 'Расклад отменён. Начать заново: /reading');
      return;
    }
    const item = menu.items.find((i) => i.id === id);
    if (!item) {
      await choice.answerCallbackQuery();
      continue;
    }
    if (item.locked) {
      await choice.answerCallbackQuery({
        text: item.locked === 'needs_vip' ? 'Этот расклад доступен с VIP-подпиской' : 'Этот расклад доступен с подпиской',
      });
      await ctx.reply(
        `Расклад «${spreadOf(item.id).name}» доступен ${item.locked === 'needs_vip' ? 'с VIP-подпиской' : 'с подпиской'}. Оформить её можно в приложении, а пока выберите другой расклад.`,
        { reply_markup: openAppButton(ctx.deps, '✨ Подписка', '/subscription') },
      );
      continue;
    }
    await choice.answerCallbackQuery();
    spreadId = item.id;
    break;
  }
  const spread = spreadOf(spreadId);
  await ctx.api.editMessageText(chatId, menuMessage.message_id, `🔮 Расклад: ${spread.icon} ${spread.name}`);
  if (preset) return dealAndRead(conversation, ctx, userId, chatId, spreadId, preset.question, preset.messageId);
  await ctx.reply(
    [
      `<b>${escapeHtml(spread.question.title)}</b>`,
      escapeHtml(spread.question.description),
      '',
      `Напишите свой вопрос одним сообщением (от ${QUESTION_MIN} до ${QUESTION_MAX} символов). Например: «${escapeHtml(spread.question.examples[0])}»`,
      '',
      '/cancel — отменить расклад',
    ].join('\n'),
    { parse_mode: 'HTML' },
  );

  let question: string;
  let questionMessageId: number;
  for (;;) {
    const answer = await conversation.waitFor('message:text', {
      otherwise: (c) =>
        c.callbackQuery
          ? c.answerCallbackQuery({ text: 'Напишите вопрос сообщением' })
          : c.reply('Напишите вопрос текстом или отправьте /cancel.'),
    });
    const check = validateQuestion(answer.message.text);
    if (check.ok) {
      question = check.question;
      questionMessageId = answer.message.message_id;
      break;
    }
    const reason = check.error.replace(/^question:\s*/, '');
    await ctx.reply(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}. Попробуйте ещё раз или отправьте /cancel.`);
  }
  return dealAndRead(conversation, ctx, userId, chatId, spreadId, question, questionMessageId);
}

/** The question is known: the server deals and charges, then the picture and the interpretation follow. */
async function dealAndRead(
  conversation: Conversation<BotContext, InnerContext>,
  ctx: InnerContext,
  userId: number,
  chatId: number,
  spreadId: SpreadType,
  question: string,
  questionMessageId: number,
): Promise<void> {
  // The question's message names the request: when the process died after dealing it and Telegram delivers the
  // message again, the reading already dealt (and charged) is sent, not «уже использован».
  const requestKey = `tg:${chatId}:${questionMessageId}`;
  const created = await conversation.external(async (outer): Promise<Created> => {
    try {
      return { ok: true, reading: await outer.deps.services.readings.create(userId, { spreadType: spreadId, question, requestKey }) };
    } catch (err) {
      if (err instanceof ServiceError) return { ok: false, message: err.message, code: err.code, crisis: crisisOf(err) };
      throw err;
    }
  });
  // A question that speaks of a crisis: no cards, nothing charged; help lines and the way back later.
  if (!created.ok && created.crisis) {
    const answer = created.crisis;
    await conversation.external((outer) => sendCrisis(outer.api, outer.deps, chatId, answer, 'bot_reading'));
    return;
  }
  if (!created.ok) {
    await ctx.reply(created.message, {
      reply_markup:
        created.code === 'payment_required' || created.code === 'limit_reached'
          ? openAppButton(ctx.deps, '✨ Подписка', '/subscription')
          : undefined,
    });
    return;
  }
  // The interpretation streams (the rich message carries the cards; the plain path sends the spread's picture
  // first); it goes through the outside Api (not part of the replay log).
  await conversation.external(async (outer) => {
    await deliverInterpretation(outer.api, outer.deps, chatId, userId, created.reading.id, { picture: true });
  });
}
