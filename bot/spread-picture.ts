// The picture of a chat reading's spread, sent before the interpretation streams: the cards as they lie, with
// the cards' list as its caption. A caption past Telegram's 1,024 characters is cut with «…» and a button that
// sends the whole list; should the picture fail (rendering or sending), the list goes as a text message alone.
import { GrammyError, InlineKeyboard, InputFile, type Api } from 'grammy';
import type { ReadingView } from '../services/readings';
import type { BotDeps } from './context';
import { CAPTION_MAX, escapeHtml, fitHtml } from './format';

/** «Читать полностью» under a cut caption: the callback data is this prefix and the reading id. */
export const FULL_CAPTION = '📜 Читать полностью';
export const FULL_CAPTION_DATA = 'cards:';

/** The spread, the question and the cards, as Telegram HTML (at most about 1,200 visible characters). */
export function spreadCaption(r: ReadingView): string {
  const lines = r.cards.map(
    (c, i) => `${i + 1}. ${escapeHtml(c.positionName)}: <b>${escapeHtml(c.name)}</b>${c.reversed ? ' (перевёрнутая)' : ''}`,
  );
  return [`🃏 <b>${escapeHtml(r.spreadName)}</b>`, `Вопрос: «${escapeHtml(r.question)}»`, '', ...lines].join('\n');
}

const reasonOf = (err: unknown) => (err instanceof GrammyError ? err.description : err instanceof Error ? err.message : String(err));

export async function sendSpreadPicture(api: Api, deps: BotDeps, chatId: number, userId: number, reading: ReadingView): Promise<void> {
  const captionHtml = spreadCaption(reading);
  let jpeg: Buffer | null = null;
  try {
    const deck = await deps.services.share.deckOf(userId);
    jpeg = await deps.services.share.imageForOwner(userId, reading.id, { format: 'card', deck, includeQuestion: false });
  } catch (err) {
    deps.logger.warn(
      { err, chatId, readingId: reading.id, reason: reasonOf(err) },
      'spread picture not rendered; sending the cards as text',
    );
  }
  if (jpeg) {
    const caption = fitHtml(captionHtml, CAPTION_MAX);
    try {
      await api.sendPhoto(chatId, new InputFile(jpeg, `reading-${reading.id}.jpg`), {
        caption: caption.html,
        parse_mode: 'HTML',
        reply_markup: caption.cut ? new InlineKeyboard().text(FULL_CAPTION, `${FULL_CAPTION_DATA}${reading.id}`) : undefined,
      });
      return;
    } catch (err) {
      // The user blocked the bot: nothing else would reach them either.
      if (err instanceof GrammyError && err.error_code === 403) throw err;
      deps.logger.warn({ err, chatId, readingId: reading.id, reason: reasonOf(err) }, 'spread picture not sent; sending the cards as text');
    }
  }
  await api.sendMessage(chatId, captionHtml, { parse_mode: 'HTML' });
}
