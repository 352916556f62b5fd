// How a chat reading reaches the chat: as one rich message (sendRichMessage, Bot API 10.1–10.3) streamed with
// sendRichMessageDraft — a «thinking» block at once, the reading growing with its blocks, a stop button — or,
// where the client or Telegram refuses rich messages (TEXTDRAFT_PEER_INVALID is seen in the wild, as are
// validation errors), as the plain-text draft of bot/live-reply.ts. The choice is made per chat: a chat that
// refused once gets the plain path from then on (remembered for the process's life, bounded).
import crypto from 'node:crypto';
import { GrammyError, type Api, type InlineKeyboard } from 'grammy';
import { BoundedMap } from '../domain/text/bounded-map';
import type { ReadingView } from '../services/readings';
import type { BotDeps } from './context';
import { escapeHtml, markdownToHtml, splitText } from './format';
import { DRAFT_INTERVAL_MS, onDraftStop, openLiveReply } from './live-reply';
import { readingRichMessage } from './rich-reading';

/** A rich preview grows to near the message's 32,768 characters (a text draft stops at about 4,000). */
const RICH_PREVIEW_MAX = 30_000;

/** Chats whose client refused a rich message or draft: they get plain text. */
const plainChats = new BoundedMap<number, true>(50_000);

export interface ReadingReply {
  readonly kind: 'rich' | 'plain';
  /** The user pressed stop. */
  readonly stopped: boolean;
  /** Shows the markdown written so far, no more often than drafts allow; never waits for Telegram. */
  update(markdown: string): void;
  /** Sends the reading that stays: the markdown, a closing note in italics, the buttons. */
  finish(markdown: string, note: string | null, markup?: InlineKeyboard): Promise<void>;
  /** Sends a short failure message instead (the draft goes with it). */
  fail(message: string): Promise<void>;
}

const reasonOf = (err: unknown) => (err instanceof GrammyError ? err.description : String(err));
const blocked = (err: unknown) => err instanceof GrammyError && err.error_code === 403;

/** The plain path: HTML text drafts (or one message edited in place), split into messages when long. */
async function plainReply(
  api: Api,
  deps: Pick<BotDeps, 'logger' | 'liveReplyIntervals'>,
  chatId: number,
  o: { waiting: string; onStop?: () => void },
): Promise<ReadingReply> {
  const live = await openLiveReply(api, deps, chatId, o);
  return {
    kind: 'plain',
    get stopped() {
      return live.stopped;
    },
    update: (md) => live.update(markdownToHtml(md)),
    finish(md, note, markup) {
      const parts = splitText(md.trim() || '…');
      const tail = note ? `\n\n<i>${escapeHtml(note)}</i>` : '';
      return live.finish(
        parts.map((p, i) => markdownToHtml(p) + (i === parts.length - 1 ? tail : '')),
        markup,
      );
    },
    fail: (message) => live.finish([escapeHtml(message)]),
  };
}

/**
 * Opens the reply for a reading in a private chat: rich where this chat takes rich messages, else plain.
 * `onStop` runs once when the user presses stop (cancel the writing there).
 */
export async function openReadingReply(
  api: Api,
  deps: Pick<BotDeps, 'logger' | 'liveReplyIntervals' | 'webAppUrl'>,
  chatId: number,
  reading: ReadingView | null,
  o: { waiting: string; onStop?: () => void; beforePlain?: () => Promise<void> },
): Promise<ReadingReply> {
  // The plain path shows the cards its own way (the spread's picture) before the text.
  const plain = async () => {
    await o.beforePlain?.();
    return plainReply(api, deps, chatId, o);
  };
  if (!reading || plainChats.has(chatId)) return plain();
  const draftMs = deps.liveReplyIntervals?.draftMs ?? DRAFT_INTERVAL_MS;
  const draftId = crypto.randomInt(1, 2 ** 31 - 1);
  const thinking = o.waiting;
  let stopped = false;
  let drafting = true;
  let pending: string | null = null;
  let sending: Promise<void> | null = null;
  let lastSent = 0;
  let timer: NodeJS.Timeout | null = null;

  const refused = (err: unknown, what: string) => {
    plainChats.set(chatId, true);
    deps.logger.info({ chatId, err: reasonOf(err) }, `${what} refused: this chat gets plain text from now on`);
  };
  const draft = (md: string) =>
    api.sendRichMessageDraft(chatId, draftId, readingRichMessage(reading, md, { imageBase: null, draft: true, thinking }), {
      can_stop: true,
    });

  try {
    await draft('');
  } catch (err) {
    if (blocked(err)) throw err;
    refused(err, 'a rich draft');
    return plain();
  }
  const unregister = onDraftStop(chatId, draftId, () => {
    if (stopped) return;
    stopped = true;
    o.onStop?.();
  });

  function pump() {
    if (sending || pending === null || stopped || !drafting) return;
    const wait = lastSent + draftMs - Date.now();
    if (wait > 0) {
      timer ??= setTimeout(() => {
        timer = null;
        pump();
      }, wait);
      return;
    }
    const md = pending;
    pending = null;
    lastSent = Date.now();
    // A draft that fails midway ends the preview; the message that stays still tries the rich form.
    sending = draft(md)
      .then(
        () => {},
        (err) => {
          drafting = false;
          deps.logger.info({ chatId, err: reasonOf(err) }, 'a rich draft failed: the preview stops here');
        },
      )
      .finally(() => {
        sending = null;
        pump();
      });
  }

  async function settle() {
    unregister();
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
    await sending;
  }

  return {
    kind: 'rich',
    get stopped() {
      return stopped;
    },
    update(md) {
      if (md.length >= RICH_PREVIEW_MAX) return;
      pending = md;
      pump();
    },
    async finish(md, note, markup) {
      await settle();
      const imageBase = deps.webAppUrl();
      try {
        await api.sendRichMessage(chatId, readingRichMessage(reading, md, { imageBase, draft: false, note: note ?? undefined }), {
          reply_markup: markup,
        });
        return;
      } catch (err) {
        if (blocked(err)) throw err;
        refused(err, 'a rich message');
      }
      await o.beforePlain?.();
      const parts = splitText(md.trim() || '…');
      const tail = note ? `\n\n<i>${escapeHtml(note)}</i>` : '';
      for (let i = 0; i < parts.length; i++) {
        const last = i === parts.length - 1;
        await api.sendMessage(chatId, markdownToHtml(parts[i]) + (last ? tail : ''), {
          parse_mode: 'HTML',
          reply_markup: last ? markup : undefined,
        });
      }
    },
    async fail(message) {
      await settle();
      await api.sendMessage(chatId, message);
    },
  };
}
