// What an inline result becomes once sent into a chat (a user choosing it, or answerGuestQuery): an article's
// message text, or a JPEG photo with its caption, checked the way Telegram checks them.
import { escapeHtml } from './html';
import { bad, checkMarkup, formatCaption, formatText } from './rules';

export function inlineResultMessage(r: any): { text: string; html: string; parse_mode?: string; reply_markup?: any } {
  if (!r || typeof r !== 'object' || typeof r.type !== 'string' || !r.id) throw bad('RESULT_INVALID');
  checkMarkup(r.reply_markup);
  if (r.type === 'article') {
    const content = r.input_message_content;
    if (!content || typeof content.message_text !== 'string') throw bad('MESSAGE_EMPTY');
    const f = formatText(content.message_text, content.parse_mode);
    return { text: f.text, html: f.html, parse_mode: content.parse_mode, reply_markup: r.reply_markup };
  }
  if (r.type === 'photo') {
    if (!/\.jpe?g(\?|$)/i.test(String(r.photo_url ?? ''))) throw bad('PHOTO_INVALID_DIMENSIONS');
    const caption = formatCaption(r.caption, r.parse_mode);
    const html = `<img src="${escapeHtml(String(r.photo_url))}" alt="">${caption.html ? `<br>${caption.html}` : ''}`;
    return { text: caption.text, html, reply_markup: r.reply_markup };
  }
  throw bad('RESULT_TYPE_INVALID');
}
