// A reply that grows while it is written (the chat reading, a follow-up's answer). It streams as a Telegram
// draft (sendMessageDraft, Bot API 9.3): «Thinking…» at once, then the text as it comes, with a stop
// button; the finished text is sent as the message that stays, with its buttons. Where drafts fail (an
// older client, an error) one message is edited in place instead, as before drafts existed.
//
// A stop arrives as its own update (stopped_message_generation) while the reply's update is still being
// handled, so it is taken before the per-chat ordering (bot/index.ts) and reaches the reply through the
// registry below (this process's replies: the update comes to the instance that streams, by polling or
// by the webhook of one instance; see docs/decisions.md).
import crypto from 'node:crypto';
import { Composer, type Api, type InlineKeyboard } from 'grammy';
import type { BotContext, BotDeps } from './context';

/** Drafts animate on the client; a new text this often reads as writing without flooding. */
export const DRAFT_INTERVAL_MS = 400;
/** Edits no more often than this (Telegram allows about one message a second per chat). */
export const EDIT_INTERVAL_MS = 1500;
/** Past this length the preview stops growing; the final message (split when needed) has it all. */
export const PREVIEW_MAX = 3800;

/** The replies streaming as drafts in this process, by chat and draft id: what a stop stops. */
const streaming = new Map<string, () => void>();
const keyOf = (chatId: number, draftId: number) => `${chatId}:${draftId}`;

/** A draft streamed elsewhere (the rich reading, bot/reading-reply.ts) listens for its stop here too. */
export function onDraftStop(chatId: number, draftId: number, stop: () => void): () => void {
  const key = keyOf(chatId, draftId);
  streaming.set(key, stop);
  return () => streaming.delete(key);
}

export interface LiveReply {
  /** 'draft' while drafts work; 'edit' once they failed (or were never accepted). */
  readonly mode: 'draft' | 'edit';
  /** The user pressed stop. */
  readonly stopped: boolean;
  /** Shows the text so far (HTML), no more often than the mode allows; never waits for Telegram. */
  update(html: string): void;
  /** Sends the final text (one or more HTML parts, the last with `markup`) as the message(s) that stay. */
  finish(parts: string[], markup?: InlineKeyboard): Promise<void>;
}

/**
 * Opens a live reply in a private chat. `waiting` is the edit fallback's placeholder (plain text); `onStop`
 * runs once when the user presses stop (cancel the writing there).
 */
export async function openLiveReply(
  api: Api,
  deps: Pick<BotDeps, 'logger' | 'liveReplyIntervals'>,
  chatId: number,
  o: { waiting: string; waitingHtml?: boolean; onStop?: () => void },
): Promise<LiveReply> {
  const draftId = crypto.randomInt(1, 2 ** 31 - 1);
  const draftMs = deps.liveReplyIntervals?.draftMs ?? DRAFT_INTERVAL_MS;
  const editMs = deps.liveReplyIntervals?.editMs ?? EDIT_INTERVAL_MS;
  let mode: 'draft' | 'edit' = 'draft';
  let stopped = false;
  let placeholder: number | null = null;
  let shown = '';
  let pending: string | null = null;
  let sending: Promise<void> | null = null;
  let lastSent = 0;
  let timer: NodeJS.Timeout | null = null;
  const key = keyOf(chatId, draftId);

  const toEdit = async (html: string) => {
    mode = 'edit';
    streaming.delete(key);
    const m = await api.sendMessage(chatId, html || o.waiting, html || o.waitingHtml ? { parse_mode: 'HTML' } : undefined);
    placeholder = m.message_id;
    shown = html;
  };

  try {
    await api.sendMessageDraft(chatId, draftId, '', { can_stop: true });
    streaming.set(key, () => {
      if (stopped) return;
      stopped = true;
      o.onStop?.();
    });
  } catch (err) {
    deps.logger.info({ chatId, err: String(err) }, 'drafts refused: the reply is edited in place');
    await toEdit('');
  }

  async function send(html: string) {
    if (html === shown || stopped) return;
    if (mode === 'draft') {
      try {
        await api.sendMessageDraft(chatId, draftId, html, { parse_mode: 'HTML', can_stop: true });
        shown = html;
      } catch (err) {
        deps.logger.info({ chatId, err: String(err) }, 'a draft failed: the reply goes on edited in place');
        await toEdit(html);
      }
      return;
    }
    shown = html;
    await api.editMessageText(chatId, placeholder!, `${html} ▌`, { parse_mode: 'HTML' }).catch((err) => {
      if (!String(err?.message).includes('message is not modified')) deps.logger.warn({ chatId, err: String(err) }, 'a live edit failed');
    });
  }

  /** Sends the latest text when the interval allows, one call at a time, in the background. */
  function pump() {
    if (sending || pending === null || stopped) return;
    const wait = lastSent + (mode === 'draft' ? draftMs : editMs) - Date.now();
    if (wait > 0) {
      timer ??= setTimeout(() => {
        timer = null;
        pump();
      }, wait);
      return;
    }
    const html = pending;
    pending = null;
    lastSent = Date.now();
    sending = send(html).finally(() => {
      sending = null;
      pump();
    });
  }

  return {
    get mode() {
      return mode;
    },
    get stopped() {
      return stopped;
    },
    update(html: string) {
      if (html.length >= PREVIEW_MAX) return;
      pending = html;
      pump();
    },
    async finish(parts, markup) {
      streaming.delete(key);
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      await sending;
      for (let i = 0; i < parts.length; i++) {
        const last = i === parts.length - 1;
        const extra = { parse_mode: 'HTML' as const, reply_markup: last ? markup : undefined };
        // The draft goes when the message that stays is sent; an edited placeholder becomes the first part.
        if (i === 0 && mode === 'edit' && placeholder !== null) await api.editMessageText(chatId, placeholder, parts[0], extra);
        else await api.sendMessage(chatId, parts[i], extra);
      }
    },
  };
}

/**
 * The user pressed a draft's stop button. Installed before the per-chat ordering: the reply it stops is
 * being written by an update of the same chat that is still in progress.
 */
export const draftStopFeature = new Composer<BotContext>();
draftStopFeature.on('stopped_message_generation', (ctx) => {
  const s = ctx.update.stopped_message_generation!;
  const stop = streaming.get(keyOf(s.chat.id, s.draft_id));
  if (stop) stop();
  else ctx.deps.logger.debug({ chatId: s.chat.id, draftId: s.draft_id }, 'stop for a reply already finished');
});
