// Rich messages (Bot API 10.1–10.3): sendRichMessage leaves a message in the chat, sendRichMessageDraft
// streams its preview in a private chat (the same draft_id animates, a message from the bot replaces it).
import { bad, checkMarkup } from '../rules';
import { renderRichMessage } from '../rich';
import type { Store } from '../store';
import type { MethodTable } from './table';

export function richMethods(store: Store): MethodTable {
  const { existingChat, pushMessage, botMessageObject, touch } = store;
  return {
    sendRichMessage(p) {
      const c = existingChat(p);
      if (c.noRich) throw bad('RICH_MESSAGE_UNSUPPORTED');
      const r = renderRichMessage(p.rich_message, false);
      checkMarkup(p.reply_markup);
      const m = pushMessage(c, { from: 'bot', text: r.text, html: r.html, reply_markup: p.reply_markup, kind: 'text', rich: r.blocks });
      return botMessageObject(c, m);
    },

    sendRichMessageDraft(p) {
      const c = existingChat(p);
      if (c.user.id < 0 || c.noRich) throw bad('TEXTDRAFT_PEER_INVALID');
      const draftId = Number(p.draft_id);
      if (!Number.isInteger(draftId) || draftId === 0) throw bad('draft_id must be non-zero');
      const r = renderRichMessage(p.rich_message, true);
      if (c.draft?.stopped && c.draft.draftId === draftId) return true;
      c.draft = {
        draftId,
        text: r.text,
        html: r.html,
        canStop: !!p.can_stop,
        keepOnStop: !!p.keep_on_stop,
        stopped: false,
        rich: r.blocks,
      };
      c.draftHistory.push({ draftId, text: r.text, rich: true });
      if (c.draftHistory.length > 500) c.draftHistory.splice(0, c.draftHistory.length - 500);
      touch(c);
      return true;
    },
  };
}
