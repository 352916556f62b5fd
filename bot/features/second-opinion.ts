// «🪞 Второе мнение» under a chat reading: the three readers as buttons (name and manner) with today's
// allowance, or the locked offer; the chosen reader's text arrives streamed as a draft with a stop button,
// as the chat reading does (one message edited in place where drafts fail). The same allowance and rules
// as the app (services.secondOpinions decides).
import { Composer, InlineKeyboard, type Api } from 'grammy';
import { VOICE_INFO, VOICES, isVoice, type Voice } from '../../domain/tarot/voices';
import { ServiceError } from '../../services/errors';
import type { BotContext, BotDeps } from '../context';
import { escapeHtml } from '../format';
import { openAppButton } from '../keyboards';
import { deliverTurn } from '../reading-turn';

export const SECOND_OPINION_BUTTON = '🪞 Второе мнение';
export const secondOpinionCallback = (readingId: number) => `so:${readingId}`;
const voiceCallback = (readingId: number, voice: Voice) => `so:${readingId}:${voice}`;

/** Under an opinion the user stopped: what was written stays, the whole text is kept for the app. */
export const SECOND_OPINION_STOPPED = 'Остановлено. Мнение целиком — в приложении, в «Мои расклады», без новой оплаты.';

/** The «Второе мнение» button under a chat reading (added to the reading's keyboard). */
export const withSecondOpinionButton = (kb: InlineKeyboard, readingId: number): InlineKeyboard =>
  kb.row().text(SECOND_OPINION_BUTTON, secondOpinionCallback(readingId));

/** The chooser: one button per reader not asked yet on this reading, or why there is none. */
async function showChooser(ctx: BotContext, readingId: number): Promise<void> {
  const userId = ctx.from!.id;
  let list;
  try {
    list = await ctx.deps.services.secondOpinions.list(userId, readingId);
  } catch (err) {
    if (err instanceof ServiceError) return void (await ctx.reply(err.message));
    throw err;
  }
  const { allowance, secondOpinions } = list;
  if (allowance.locked) {
    const lines = VOICES.map(
      (v) => `• <b>${VOICE_INFO[v].name}</b> — ${VOICE_INFO[v].manner}: ${escapeHtml(VOICE_INFO[v].summary.toLowerCase())}`,
    );
    await ctx.reply(
      [
        '🔒 <b>Спросить другого таролога</b> — те же карты, прочитанные другим голосом:',
        ...lines,
        '',
        escapeHtml(allowance.lockedText ?? ''),
      ].join('\n'),
      {
        parse_mode: 'HTML',
        reply_markup: openAppButton(ctx.deps, '✨ Открыть второе мнение', '/subscription'),
      },
    );
    return;
  }
  const asked = new Set(secondOpinions.map((o) => o.voice));
  const left = VOICES.filter((v) => !asked.has(v));
  if (!left.length)
    return void (await ctx.reply('Все три таролога уже прочитали этот расклад: их ответы — в приложении, в «Мои расклады».'));
  if (allowance.remaining <= 0)
    return void (await ctx.reply(
      `Вторые мнения на сегодня закончились (${allowance.used} из ${allowance.limit}). Завтра можно спросить снова.`,
    ));
  const kb = new InlineKeyboard();
  for (const v of left) kb.row().text(`${VOICE_INFO[v].name} — ${VOICE_INFO[v].manner}`, voiceCallback(readingId, v));
  await ctx.reply(
    `🪞 Кто прочтёт ваши карты ещё раз? Те же карты, другой голос.\n\nСегодня осталось: ${allowance.remaining} из ${allowance.limit}.`,
    { reply_markup: kb },
  );
}

/** Asks, then streams the text under the reader's name (bot/reading-turn.ts). */
function deliver(api: Api, deps: BotDeps, chatId: number, userId: number, readingId: number, voice: Voice) {
  const info = VOICE_INFO[voice];
  const head = `🪞 <b>Второе мнение: ${info.name}</b> (${info.manner})\n\n`;
  return deliverTurn(api, deps, chatId, readingId, {
    ask: () => deps.services.secondOpinions.ask(userId, readingId, voice),
    via: 'bot_second_opinion',
    head: () => head,
    waiting: () => `${head}🔮 ${info.name} читает ваши карты…`,
    textOf: (done) => done.text,
    notice: () => '',
    stopped: SECOND_OPINION_STOPPED,
    again: (remaining) => ({ text: `${SECOND_OPINION_BUTTON} ещё (${remaining})`, data: secondOpinionCallback(readingId) }),
  });
}

const composer = new Composer<BotContext>();
composer.callbackQuery(/^so:(\d{1,16})$/, async (ctx) => {
  await ctx.answerCallbackQuery();
  await showChooser(ctx, Number(ctx.match[1]));
});
composer.callbackQuery(/^so:(\d{1,16}):([a-z]+)$/, async (ctx) => {
  const voice = ctx.match[2];
  if (!isVoice(voice)) return void (await ctx.answerCallbackQuery());
  await ctx.answerCallbackQuery({ text: `${VOICE_INFO[voice].name} читает ваши карты…` });
  // The chooser is done with: its buttons go, so a second tap cannot ask again.
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => {});
  await deliver(ctx.api, ctx.deps, ctx.chat!.id, ctx.from.id, Number(ctx.match[1]), voice);
});

export { composer as secondOpinionFeature };
