// One card as an inline result (inline mode and guest mode alike): a photo of the card with the text as its
// caption when the server has a public address for the picture (JPEG, as Telegram requires for a photo by URL),
// else an article. And the words of a card answering a question, the same wherever it is sent.
import { CONCERN_OPENING_SHORT } from '../domain/reading/care';
import type { InlineKeyboard } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import { cardPicturePath } from '../services/card-picture';
import { escapeHtml, markdownToHtml } from './format';

/** The question as quoted in the sent message. */
const QUOTE_MAX = 200;

export const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

export interface CardResult {
  id: string;
  title: string;
  description?: string;
  html: string;
  card: { cardId: string; reversed: boolean };
  markup?: InlineKeyboard;
}

/** A photo of the card (on `base`, the server's public address) with the text as its caption, or an article without one. */
export function cardResult(base: string | null, r: CardResult): InlineQueryResult {
  const extra = { ...(r.description ? { description: r.description } : {}), ...(r.markup ? { reply_markup: r.markup } : {}) };
  if (!base)
    return {
      type: 'article',
      id: r.id,
      title: r.title,
      input_message_content: { message_text: r.html, parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
      ...extra,
    };
  const url = `${base}${cardPicturePath(r.card.cardId, r.card.reversed)}`;
  return { type: 'photo', id: r.id, photo_url: url, thumbnail_url: url, title: r.title, caption: r.html, parse_mode: 'HTML', ...extra };
}

/** The result's title: the verdict when there is one, else the card. */
export const questionTitle = (verdict: string | null, cardTitle: string) =>
  verdict ? `🔮 Да или нет: ${verdict}` : `🔮 Карта на вопрос: ${cardTitle}`;

/** What a card says to a question, as sent: the question, the card, the verdict (when there is one) and its reasons (markdown). */
export function questionHtml(a: { question: string; cardTitle: string; verdict: string | null; text: string; care?: boolean }): string {
  const lead = a.verdict ? `<b>${escapeHtml(a.verdict)}.</b> ` : '';
  return [
    // The concern tier: the caring line and the help line first, as a reading opens with them.
    ...(a.care ? [markdownToHtml(CONCERN_OPENING_SHORT), ''] : []),
    `🔮 <b>${a.verdict ? 'Да или нет?' : 'Вопрос картам:'}</b> «${escapeHtml(cut(a.question, QUOTE_MAX))}»`,
    '',
    `🃏 <b>${escapeHtml(a.cardTitle)}</b>`,
    `${lead}${markdownToHtml(a.text)}`,
  ].join('\n');
}
