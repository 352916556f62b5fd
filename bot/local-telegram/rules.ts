// What Telegram refuses, refused the same way: HTML that does not parse, empty or too long texts, bad
// buttons and bad invoices answer 400 with Telegram's own description, so the bot's mistakes show up here
// (in tests and on /dev/telegram) and not first in production.
import { escapeHtml, parseTelegramHtml } from './html';

/** A Bot API call's parameters: query, JSON, form or multipart fields (files as {upload, type}). */
export type Params = Record<string, any>;

/** An error the Bot API answers with: {ok: false, error_code, description, parameters?}. */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

export const bad = (description: string) => new ApiFailure(400, `Bad Request: ${description}`);

// Telegram counts both in UTF-16 code units of the visible text.
const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;

export interface Invoice {
  title: string;
  description: string;
  currency: string;
  total_amount: number;
  payload: string;
  subscription_period?: number;
}

/** Text as the user sees it and as the page shows it, by the parse mode. */
function parseText(text: string, parseMode: unknown): { text: string; html: string } {
  if (parseMode === 'HTML') {
    const parsed = parseTelegramHtml(text);
    if (!parsed.ok) throw bad(`can't parse entities: ${parsed.error}`);
    return parsed;
  }
  // No parse mode; MarkdownV2 and Markdown are not used by this bot and are shown as typed.
  return { text, html: escapeHtml(text) };
}

/** A message text, limited to 4,096 characters as the user sees them (after entity parsing). */
export function formatText(text: unknown, parseMode: unknown): { text: string; html: string } {
  if (typeof text !== 'string' || text.trim() === '') throw bad('message text is empty');
  const out = parseText(text, parseMode);
  if (out.text.length > MAX_TEXT) throw bad('message is too long');
  return out;
}

/** A draft's text (sendMessageDraft): may be empty (the client shows «Thinking…»); the same limits otherwise. */
export function formatDraft(text: unknown, parseMode: unknown): { text: string; html: string } {
  if (text === undefined || text === null || text === '') return { text: '', html: '' };
  return formatText(text, parseMode);
}

/** A photo's caption: may be absent; at most 1,024 characters as the user sees them (tags dropped, entities one each). */
export function formatCaption(caption: unknown, parseMode: unknown): { text: string; html: string } {
  if (caption === undefined || caption === null || caption === '') return { text: '', html: '' };
  const out = parseText(String(caption), parseMode);
  if (out.text.length > MAX_CAPTION) throw bad('message caption is too long');
  return out;
}

export function checkMarkup(markup: any) {
  if (markup == null) return;
  if (typeof markup !== 'object') throw bad('invalid reply_markup');
  if (markup.inline_keyboard) {
    if (!Array.isArray(markup.inline_keyboard)) throw bad('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array');
    for (const row of markup.inline_keyboard) {
      for (const b of row) {
        if (typeof b?.text !== 'string' || b.text === '') throw bad('text buttons are unallowed in the inline keyboard');
        const kinds = [
          'url',
          'callback_data',
          'web_app',
          'login_url',
          'switch_inline_query',
          'switch_inline_query_current_chat',
          'pay',
          'copy_text',
        ].filter((k) => b[k] !== undefined);
        if (kinds.length !== 1) throw bad("can't parse inline keyboard button: exactly one of the optional fields must be used");
        if (
          b.callback_data !== undefined &&
          (typeof b.callback_data !== 'string' || Buffer.byteLength(b.callback_data) > 64 || b.callback_data === '')
        )
          throw bad('BUTTON_DATA_INVALID');
        if (b.web_app !== undefined && !/^https?:\/\//.test(String(b.web_app?.url))) throw bad('BUTTON_URL_INVALID');
      }
    }
  } else if (markup.keyboard) {
    for (const row of markup.keyboard)
      for (const b of row)
        if (typeof (typeof b === 'string' ? b : b?.text) !== 'string') throw bad('keyboard button text must be a string');
  }
}

/** sendInvoice and createInvoiceLink: Stars (XTR) invoices as Telegram checks them. */
export function checkInvoice(p: Params): Invoice {
  if (typeof p.title !== 'string' || p.title.length < 1 || p.title.length > 32) throw bad('INVOICE_TITLE_INVALID');
  if (typeof p.description !== 'string' || p.description.length < 1 || p.description.length > 255) throw bad('INVOICE_DESCRIPTION_INVALID');
  if (typeof p.payload !== 'string' || Buffer.byteLength(p.payload) < 1 || Buffer.byteLength(p.payload) > 128)
    throw bad('INVOICE_PAYLOAD_INVALID');
  if (typeof p.currency !== 'string') throw bad('currency is required');
  if (!Array.isArray(p.prices) || p.prices.length === 0) throw bad('prices must be non-empty');
  if (p.currency === 'XTR' && p.prices.length !== 1) throw bad('STARS_INVOICE_INVALID: exactly one price is required');
  if (p.currency === 'XTR' && p.provider_token) throw bad('provider_token must be empty for payments in Telegram Stars');
  if (p.subscription_period !== undefined && p.subscription_period !== 2592000) throw bad('SUBSCRIPTION_PERIOD_INVALID');
  const total = p.prices.reduce((s: number, x: any) => s + Number(x.amount), 0);
  if (!Number.isInteger(total) || total <= 0) throw bad('CURRENCY_TOTAL_AMOUNT_INVALID');
  return {
    title: p.title,
    description: p.description,
    currency: p.currency,
    total_amount: total,
    payload: p.payload,
    subscription_period: p.subscription_period,
  };
}
