// Bot API methods that write into a chat: send, edit and delete messages, photos, typing, the answer to a
// button tap, and a prepared message for the Mini App's shareMessage. Each records what the user would see.
import crypto from 'node:crypto';
import { escapeHtml } from '../html';
import { inlineResultMessage } from '../inline-result';
import { bad, checkMarkup, formatCaption, formatDraft, formatText } from '../rules';
import type { Chat, Store } from '../store';
import type { MethodTable } from './table';

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

function applyReplyKeyboard(c: Chat, markup: any) {
  if (!markup) return;
  if (markup.keyboard) c.keyboard = markup;
  else if (markup.remove_keyboard) c.keyboard = null;
}

/** The pixel size of an uploaded PNG (its IHDR) or JPEG (its first start-of-frame segment), else nulls. */
function imageSize(b: Buffer): { width: number | null; height: number | null } {
  if (b.length > 24 && b.subarray(1, 4).toString('latin1') === 'PNG') return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b[0] === 0xff && b[1] === 0xd8) {
    for (let i = 2; i + 9 < b.length && b[i] === 0xff; i += 2 + b.readUInt16BE(i + 2)) {
      const marker = b[i + 1];
      // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    }
  }
  return { width: null, height: null };
}

/** `ephemeral_message_parameters` (Bot API 10.2): the one user who sees the message, or null for an ordinary one. */
function ephemeralReceiver(c: Chat, e: any): { id: number } | null {
  if (e === undefined || e === null) return null;
  if (c.noEphemeral) throw bad('EPHEMERAL_MESSAGES_UNSUPPORTED');
  const id = Number(e.receiver_user_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw bad('ephemeral_message_parameters: receiver_user_id is invalid');
  if (e.replace_callback_query_message && !e.callback_query_id) throw bad('callback_query_id is required to replace its message');
  if (c.user.id > 0) throw bad('ephemeral messages can be sent only to group chats');
  return { id };
}

export function messageMethods(store: Store): MethodTable {
  const { existingChat, findBotMessage, pushMessage, botMessageObject, touch } = store;
  return {
    sendChatAction(p) {
      existingChat(p);
      return true;
    },

    sendMessage(p) {
      const c = existingChat(p);
      const f = formatText(p.text, p.parse_mode);
      checkMarkup(p.reply_markup);
      const visibleTo = ephemeralReceiver(c, p.ephemeral_message_parameters);
      if (!visibleTo) applyReplyKeyboard(c, p.reply_markup);
      // reply_parameters: the message this one answers (when it is still in the chat).
      const replyTo = Number(p.reply_parameters?.message_id);
      const m = pushMessage(c, {
        from: 'bot',
        text: f.text,
        html: f.html,
        parse_mode: p.parse_mode,
        reply_markup: p.reply_markup,
        kind: 'text',
        ...(c.messages.some((x) => x.message_id === replyTo) ? { replyTo } : {}),
        ...(visibleTo ? { visibleTo } : {}),
      });
      return botMessageObject(c, m);
    },

    // A draft streamed in a private chat (Bot API 9.3): the same draft_id animates, an empty text shows
    // «Thinking…»; nothing stays in the chat until the bot sends the message.
    sendMessageDraft(p) {
      const c = existingChat(p);
      if (c.user.id < 0) throw bad('TEXTDRAFT_PEER_INVALID');
      const draftId = Number(p.draft_id);
      if (!Number.isInteger(draftId) || draftId === 0) throw bad('draft_id must be non-zero');
      const f = formatDraft(p.text, p.parse_mode);
      if (c.draft?.stopped && c.draft.draftId === draftId) return true;
      c.draft = { draftId, text: f.text, html: f.html, canStop: !!p.can_stop, keepOnStop: !!p.keep_on_stop, stopped: false };
      c.draftHistory.push({ draftId, text: f.text });
      if (c.draftHistory.length > 500) c.draftHistory.splice(0, c.draftHistory.length - 500);
      touch(c);
      return true;
    },

    sendPhoto(p) {
      const c = existingChat(p);
      const caption = formatCaption(p.caption, p.parse_mode);
      checkMarkup(p.reply_markup);
      const photo = typeof p.photo === 'string' ? p.photo : '';
      const upload: Buffer | null = p.photo && typeof p.photo === 'object' && Buffer.isBuffer(p.photo.upload) ? p.photo.upload : null;
      if (!photo && !upload) throw bad('there is no photo in the request');
      const meta = upload
        ? { bytes: upload.length, ...imageSize(upload), type: String(p.photo.type || 'application/octet-stream') }
        : undefined;
      const html = `${photo.startsWith('http') ? `<img src="${escapeHtml(photo)}" alt="">` : '🖼'}${caption.html ? `<br>${caption.html}` : ''}`;
      const m = pushMessage(c, { from: 'bot', text: caption.text, html, reply_markup: p.reply_markup, kind: 'text', photo: meta });
      return {
        ...botMessageObject(c, m),
        photo: [{ file_id: 'local', file_unique_id: 'local', width: meta?.width ?? 1, height: meta?.height ?? 1 }],
      };
    },

    // A voice note (OGG/Opus is played as one; Telegram shows any other file as a document): an upload, or a
    // file_id of one sent before.
    sendVoice(p) {
      const c = existingChat(p);
      const caption = formatCaption(p.caption, p.parse_mode);
      checkMarkup(p.reply_markup);
      let fileId: string;
      if (p.voice && typeof p.voice === 'object' && Buffer.isBuffer(p.voice.upload)) fileId = store.addFile(p.voice.upload, 'ogg');
      else if (typeof p.voice === 'string' && store.files.has(p.voice)) fileId = p.voice;
      else throw bad('there is no voice in the request');
      const data = store.files.get(fileId)!.data;
      const ogg = data.subarray(0, 4).toString('latin1') === 'OggS';
      const duration = Number(p.duration) || 1;
      const html = `🔊 Голосовое сообщение, ${Math.floor(duration / 60)}:${String(duration % 60).padStart(2, '0')}${caption.html ? `<br>${caption.html}` : ''}`;
      const m = pushMessage(c, {
        from: 'bot',
        text: caption.text,
        html,
        reply_markup: p.reply_markup,
        kind: 'text',
        voice: { fileId, duration, bytes: data.length, ogg },
      });
      return botMessageObject(c, m);
    },

    getFile(p) {
      const f = store.files.get(String(p.file_id));
      if (!f) throw bad('invalid file_id');
      if (f.data.length > 20 * 1024 * 1024) throw bad('file is too big');
      return { file_id: String(p.file_id), file_unique_id: String(p.file_id).slice(0, 16), file_size: f.data.length, file_path: f.path };
    },

    // A user's photo or document copied into another chat (the support desk relays receipts so).
    copyMessage(p) {
      const c = existingChat(p);
      const from = store.chats.get(Number(p.from_chat_id));
      const src = from?.messages.find((x) => x.message_id === Number(p.message_id));
      if (!src) throw bad('message to copy not found');
      const m = pushMessage(c, { from: 'bot', text: src.text, html: src.html, kind: 'text', file: src.file });
      return { message_id: m.message_id };
    },

    sendDocument(p) {
      const c = existingChat(p);
      const caption = formatCaption(p.caption, p.parse_mode);
      checkMarkup(p.reply_markup);
      const upload: Buffer | null =
        p.document && typeof p.document === 'object' && Buffer.isBuffer(p.document.upload) ? p.document.upload : null;
      if (!upload) throw bad('there is no document in the request');
      const fileName = String(p.document.filename || 'file');
      const html = `📄 ${escapeHtml(fileName)}${caption.html ? `<br>${caption.html}` : ''}`;
      const m = pushMessage(c, {
        from: 'bot',
        text: caption.text,
        html,
        reply_markup: p.reply_markup,
        kind: 'text',
        document: { fileName, content: upload },
      });
      return {
        ...botMessageObject(c, m),
        document: { file_id: 'local', file_unique_id: 'local', file_name: fileName, file_size: upload.length },
      };
    },

    editMessageText(p) {
      const c = existingChat(p);
      const m = findBotMessage(c, p.message_id);
      const f = formatText(p.text, p.parse_mode);
      checkMarkup(p.reply_markup);
      const markup = p.reply_markup ?? undefined;
      if (m.text === f.text && m.html === f.html && JSON.stringify(m.reply_markup ?? null) === JSON.stringify(markup ?? null))
        throw bad(NOT_MODIFIED);
      Object.assign(m, { text: f.text, html: f.html, parse_mode: p.parse_mode, reply_markup: markup, edited: true });
      touch(c);
      return botMessageObject(c, m);
    },

    editMessageReplyMarkup(p) {
      const c = existingChat(p);
      const m = findBotMessage(c, p.message_id);
      checkMarkup(p.reply_markup);
      if (JSON.stringify(m.reply_markup ?? null) === JSON.stringify(p.reply_markup ?? null)) throw bad(NOT_MODIFIED);
      m.reply_markup = p.reply_markup;
      touch(c);
      return botMessageObject(c, m);
    },

    deleteMessage(p) {
      const c = existingChat(p);
      const i = c.messages.findIndex((x) => x.message_id === Number(p.message_id));
      if (i < 0) throw bad('message to delete not found');
      c.messages.splice(i, 1);
      touch(c);
      return true;
    },

    // Inline mode: one answer per query, at most 50 results, each with a type and a unique id.
    answerInlineQuery(p) {
      const q = store.inlineQueries.get(String(p.inline_query_id));
      if (!q) throw bad('query is too old and response timeout expired or query ID is invalid');
      if (q.answer) throw bad('query is already answered');
      const results = typeof p.results === 'string' ? JSON.parse(p.results) : p.results;
      if (!Array.isArray(results) || results.length > 50) throw bad('RESULTS_TOO_MUCH');
      const ids = new Set<string>();
      for (const r of results) {
        if (!r?.type || !r.id || ids.has(String(r.id))) throw bad('RESULT_ID_DUPLICATE');
        ids.add(String(r.id));
        if (r.type === 'photo' && !/\.jpe?g(\?|$)/i.test(String(r.photo_url ?? ''))) throw bad('PHOTO_INVALID_DIMENSIONS');
      }
      const button = typeof p.button === 'string' ? JSON.parse(p.button) : p.button;
      q.answer = {
        results,
        cache_time: p.cache_time === undefined ? undefined : Number(p.cache_time),
        is_personal: !!p.is_personal,
        button,
      };
      touch(store.chat(q.userId));
      return true;
    },

    // Guest mode (Bot API 10.0): the answer to a summons in a chat the bot is not in, sent there once as an
    // inline result (an article's text, or a JPEG photo with its caption) «via» the bot for its caller.
    answerGuestQuery(p) {
      const q = store.guestQueries.get(String(p.guest_query_id));
      if (!q) throw bad('query is too old and response timeout expired or query ID is invalid');
      if (q.answer) throw bad('QUERY_ID_INVALID');
      const r = typeof p.result === 'string' ? JSON.parse(p.result) : p.result;
      const m = pushMessage(store.chat(q.chatId), { from: 'bot', kind: 'text', guestCaller: q.caller, ...inlineResultMessage(r) });
      q.answer = m;
      return { inline_message_id: `guest_${crypto.randomBytes(8).toString('hex')}` };
    },

    answerCallbackQuery(p) {
      const q = store.callbackQueries.get(String(p.callback_query_id));
      if (!q) throw bad('query is too old and response timeout expired or query ID is invalid');
      store.callbackQueries.delete(String(p.callback_query_id));
      if (p.text) {
        const c = store.chat(q.chatId);
        c.toasts.push({ text: String(p.text), alert: !!p.show_alert, at: Date.now() });
        if (c.toasts.length > 20) c.toasts.shift();
        touch(c);
      }
      return true;
    },

    // Bot API 9.6: a chat or user request button the Mini App opens with requestChat(id).
    savePreparedKeyboardButton(p) {
      if (!Number.isSafeInteger(Number(p.user_id)) || Number(p.user_id) <= 0) throw bad('USER_ID_INVALID');
      const button = typeof p.button === 'string' ? JSON.parse(p.button) : p.button;
      if (!button || typeof button.text !== 'string' || !(button.request_users || button.request_chat || button.request_managed_bot))
        throw bad('BUTTON_INVALID');
      const id = crypto.randomBytes(8).toString('hex');
      store.preparedButtons.set(id, { userId: Number(p.user_id), button });
      return { id };
    },

    // Bot API 8.0: a message the Mini App may share with shareMessage(id).
    savePreparedInlineMessage(p) {
      if (!Number.isSafeInteger(Number(p.user_id)) || Number(p.user_id) <= 0) throw bad('USER_ID_INVALID');
      const result = typeof p.result === 'string' ? JSON.parse(p.result) : p.result;
      if (!result || typeof result !== 'object' || typeof result.type !== 'string' || typeof result.id !== 'string')
        throw bad('RESULT_INVALID');
      const id = crypto.randomBytes(8).toString('hex');
      store.preparedMessages.set(id, { userId: Number(p.user_id), result });
      return { id, expiration_date: Math.floor(Date.now() / 1000) + 24 * 3600 };
    },
  };
}
