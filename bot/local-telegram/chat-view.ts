// Reading a chat from outside: what the /dev/telegram page shows (its long poll waits on the chat's version)
// and what tests wait for (a bot message that matches).
import type { ChatMessage, Store } from './store';

export function chatView(store: Store) {
  const { chat, me } = store;

  /** Resolves when the chat changes after `version`, or after `timeoutMs` (at once while closing). */
  function waitForChange(userId: number, version: number, timeoutMs: number): Promise<void> {
    const c = chat(userId);
    if (c.version !== version || store.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        c.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      c.waiters.add(done);
    });
  }

  return {
    waitForChange,

    chatState(userId: number) {
      const c = chat(userId);
      return {
        version: c.version,
        user: c.user,
        messages: c.messages,
        keyboard: c.keyboard,
        menuButton: c.menuButton ?? store.defaultMenuButton,
        toasts: c.toasts,
        blocked: c.blocked,
        richMessages: !c.noRich,
        draft: c.draft,
        guestOnly: !!c.guestOnly,
        commands: store.commands['default:'] ?? store.commands['default:ru'] ?? [],
        bot: { name: me.first_name, username: me.username },
      };
    },

    /** Waits for the bot's answer to an inline query (tests). */
    async waitForInlineAnswer(id: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const q = store.inlineQueries.get(id);
        if (!q) throw new Error(`no inline query ${id}`);
        if (q.answer) return q.answer;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`inline query ${id} not answered within ${timeoutMs} ms`);
        await waitForChange(q.userId, chat(q.userId).version, left);
      }
    },

    /** The bot's answer to a guest summons so far, or null. */
    guestAnswer(id: string): ChatMessage | null {
      return store.guestQueries.get(id)?.answer ?? null;
    },

    /** Waits for the bot's answer to a guest summons (tests). */
    async waitForGuestAnswer(id: string, timeoutMs = 10_000): Promise<ChatMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const q = store.guestQueries.get(id);
        if (!q) throw new Error(`no guest query ${id}`);
        if (q.answer) return q.answer;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`guest query ${id} not answered within ${timeoutMs} ms`);
        await waitForChange(q.chatId, chat(q.chatId).version, left);
      }
    },

    /** Every draft text the user saw in a chat, oldest first. */
    draftHistory(userId: number) {
      return store.chats.get(userId)?.draftHistory ?? [];
    },

    /** Waits until the chat's live draft satisfies `match` (tests: the reply is streaming). */
    async waitForDraft(userId: number, match: (d: NonNullable<ReturnType<typeof chat>['draft']>) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const c = chat(userId);
        if (c.draft && match(c.draft)) return c.draft;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `No matching draft in chat ${userId} within ${timeoutMs} ms; drafts seen: ${JSON.stringify(c.draftHistory.slice(-5))}`,
          );
        await waitForChange(userId, c.version, left);
      }
    },

    /** Messages the bot sent (and still shows) in a chat. */
    botMessages(userId: number): ChatMessage[] {
      return store.chats.get(userId)?.messages.filter((m) => m.from === 'bot') ?? [];
    },

    /**
     * Waits until a bot message in the chat satisfies `match` (tests: a reply arrives). The default covers a
     * busy machine: a chat reading's picture is drawn at the lowest priority (services/share/worker.ts), so with
     * every core taken by other work it can take up to the picture pool's 30 s before the cards show.
     */
    async waitForBotMessage(userId: number, match: (m: ChatMessage) => boolean, timeoutMs = 40_000): Promise<ChatMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const c = chat(userId);
        const found = c.messages.find((m) => m.from === 'bot' && match(m));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) {
          const seen = c.messages.map((m) => `${m.from}: ${m.text.slice(0, 80)}`).join('\n');
          throw new Error(`No matching bot message in chat ${userId} within ${timeoutMs} ms. Chat:\n${seen}`);
        }
        await waitForChange(userId, c.version, left);
      }
    },

    /** A message saved with savePreparedInlineMessage (what shareMessage would send). */
    preparedMessage(id: string) {
      return store.preparedMessages.get(id) ?? null;
    },

    /** A button saved with savePreparedKeyboardButton (what requestChat would open). */
    preparedButton(id: string) {
      return store.preparedButtons.get(id) ?? null;
    },
  };
}
