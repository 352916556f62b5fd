// The picture of a chat reading's spread, sent before the interpretation streams: the cards as they lie, with
// the cards' list as its caption. Should the picture fail, the list goes as a text message alone.
import { InputFile, type Api } from 'grammy';
import type { ReadingView } from '../services/readings';
import type { BotDeps } from './context';

export async function sendSpreadPicture(api: Api, deps: BotDeps, chatId: number, userId: number, reading: ReadingView, captionHtml: string): Promise<void> {
  let png: Buffer | null = null;
  try {
    const deck = await deps.services.share.deckOf(userId);
    png = await deps.services.share.imageForOwner(userId, reading.id, { format: 'card', deck, includeQuestion: false });
  } catch (err) {
    deps.logger.warn({ err, readingId: reading.id }, 'spread picture failed; sending the cards as text');
  }
  if (png) await api.sendPhoto(chatId, new InputFile(png, `reading-${reading.id}.png`), { caption: captionHtml, parse_mode: 'HTML' });
  else await api.sendMessage(chatId, captionHtml, { parse_mode: 'HTML' });
}
