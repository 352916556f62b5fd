// Voice in the chat, when an AI provider is configured (services/voice.ts). «🔊 Озвучить» under a chat reading
// sends it as a voice note (the provider's Opus in OGG, which Telegram plays with no transcoding; the stored
// speech on a second tap). A voice message becomes the question: transcribed, checked for a crisis at once, then
// shown for confirmation («Задать» / «Изменить») before any card is dealt; «Задать» asks the reading with it, and
// the reading's creation checks it like typed text. Without a provider there is no button, and a voice message
// gets one line saying that voice questions need the AI (silence would look like a broken bot).
import { Composer, InlineKeyboard, InputFile } from 'grammy';
import { validateQuestion } from '../../domain/reading/question-input';
import { ServiceError } from '../../services/errors';
import { VOICE_QUESTION_MAX_BYTES, VOICE_QUESTION_MAX_S } from '../../services/voice';
import type { BotContext } from '../context';
import { READ_ALOUD_DATA } from '../read-aloud';
import { READING_CONVERSATION, type PresetQuestion } from '../conversations/reading';
import { sendCrisis } from '../crisis';
import { escapeHtml } from '../format';
import { openAppButton } from '../keyboards';

const ASK_SPOKEN_DATA = 'vq:ask';
const EDIT_SPOKEN_DATA = 'vq:edit';
export const VOICE_NEEDS_AI =
  'Голосовые вопросы работают, только когда подключён ИИ-толкователь. Напишите вопрос текстом — и я предложу расклад на него.';
export const SPOKEN_QUESTION_HEAD = '🎙 Ваш вопрос:';

/** A service's Russian message without the field it names, as a sentence. */
const sentenceOf = (message: string) => {
  const m = message.replace(/^[a-z]+:\s*/, '');
  return `${m.charAt(0).toUpperCase()}${m.slice(1)}`;
};

const composer = new Composer<BotContext>();

composer.callbackQuery(new RegExp(`^${READ_ALOUD_DATA}(\\d{1,15})$`), async (ctx) => {
  const chatId = ctx.chat?.id;
  await ctx.answerCallbackQuery({ text: '🔊 Озвучиваю расклад…' });
  if (!chatId) return;
  await ctx.api.sendChatAction(chatId, 'record_voice').catch(() => {});
  try {
    const { audio } = await ctx.deps.services.voice.speech(ctx.from.id, Number(ctx.match[1]));
    await ctx.api.sendVoice(chatId, new InputFile(audio, 'reading.ogg'));
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    await ctx.reply(err.message, {
      reply_markup: err.code === 'limit_reached' ? openAppButton(ctx.deps, '✨ Подписка', '/subscription') : undefined,
    });
  }
});

const feature = composer.chatType('private');

feature.on('message:voice', async (ctx) => {
  const voice = ctx.message.voice;
  const s = ctx.deps.services;
  if (!s.voice.enabled) return void (await ctx.reply(VOICE_NEEDS_AI));
  if (voice.duration > VOICE_QUESTION_MAX_S)
    return void (await ctx.reply(`Голосовой вопрос — не длиннее ${VOICE_QUESTION_MAX_S} секунд. Скажите его короче или напишите текстом.`));
  if ((voice.file_size ?? 0) > VOICE_QUESTION_MAX_BYTES)
    return void (await ctx.reply('Запись слишком большая. Скажите вопрос короче или напишите текстом.'));
  await ctx.api.sendChatAction(ctx.chat.id, 'typing').catch(() => {});
  let text: string;
  try {
    const file = await ctx.api.getFile(voice.file_id);
    const root = ctx.api.options?.apiRoot ?? 'https://api.telegram.org';
    const res = await fetch(`${root}/file/bot${ctx.api.token}/${file.file_path}`, { signal: AbortSignal.timeout(20_000) });
    if (!res.ok) throw new Error(`download ${res.status}`);
    const audio = Buffer.from(await res.arrayBuffer());
    text = (await s.voice.transcribe(ctx.from.id, audio, { mime: voice.mime_type ?? 'audio/ogg', durationS: voice.duration })).text;
  } catch (err) {
    if (err instanceof ServiceError) return void (await ctx.reply(sentenceOf(err.message)));
    ctx.deps.logger.warn({ err: String(err) }, 'a voice question could not be read');
    return void (await ctx.reply('Не удалось получить запись. Попробуйте ещё раз или напишите вопрос текстом.'));
  }
  // A spoken crisis gets the help lines at once, as typed text does.
  const crisis = await s.care.crisisOf(text);
  if (crisis) return sendCrisis(ctx.api, ctx.deps, ctx.chat.id, crisis, 'bot_voice');
  const check = validateQuestion(text);
  if (!check.ok) return void (await ctx.reply(`${sentenceOf(check.error)}. Скажите вопрос ещё раз или напишите текстом.`));
  const kb = new InlineKeyboard().text('✅ Задать', ASK_SPOKEN_DATA).text('✏️ Изменить', EDIT_SPOKEN_DATA);
  await ctx.reply(`${SPOKEN_QUESTION_HEAD}\n«${escapeHtml(check.question)}»\n\nЗадать его картам?`, {
    parse_mode: 'HTML',
    reply_markup: kb,
    reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
  });
});

/** The question as the confirmation shows it (the bot's own message: between its first « and last »). */
function spokenQuestionOf(text: string | undefined): string | null {
  if (!text?.startsWith(SPOKEN_QUESTION_HEAD)) return null;
  const from = text.indexOf('«');
  const to = text.lastIndexOf('»');
  return from >= 0 && to > from ? text.slice(from + 1, to) : null;
}

feature.callbackQuery(ASK_SPOKEN_DATA, async (ctx) => {
  await ctx.answerCallbackQuery();
  const message = ctx.callbackQuery.message;
  const check = validateQuestion(spokenQuestionOf(message?.text) ?? undefined);
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => {});
  if (!message || !check.ok) return ctx.conversation.enter(READING_CONVERSATION);
  // The voice message names the request (a redelivered tap deals no second reading).
  const preset: PresetQuestion = { question: check.question, messageId: message.reply_to_message?.message_id ?? message.message_id };
  await ctx.conversation.enter(READING_CONVERSATION, preset);
});

feature.callbackQuery(EDIT_SPOKEN_DATA, async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => {});
  await ctx.reply('Напишите вопрос текстом или скажите его ещё раз голосовым сообщением.');
});

export { composer as voiceFeature };
