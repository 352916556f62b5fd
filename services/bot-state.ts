// The bot's state in the database: which updates were handled (Telegram redelivers webhooks), and the
// conversations' state (a restart or a second instance continues a dialogue where it stopped).
import * as repo from '../db/repositories/bot-state';
import { DAY_MS } from '../domain/text/time';
import type { ServiceDeps } from './deps';

/** The shape @grammyjs/conversations stores: `{ version: [pluginVersion, ourVersion], state }`. */
export interface StoredConversation {
  version: [0, string | number];
  state: unknown;
}

export function createBotStateService(deps: ServiceDeps) {
  return {
    /** True when the update was handled to the end before (a redelivery to skip). */
    wasHandled: (updateId: number) => repo.isUpdateHandled(deps.db, updateId),
    /** Called only after the update's handler succeeded: a crash or failure before leaves it unhandled. */
    markHandled: (updateId: number) => repo.markUpdateHandled(deps.db, updateId),

    /** A key-value adapter for the conversations plugin (`VersionedStateStorage<string, …>`). */
    conversationStorage: {
      async read(key: string): Promise<StoredConversation | undefined> {
        const row = await repo.readConversation(deps.db, key);
        if (!row) return undefined;
        return { version: JSON.parse(row.version), state: row.state };
      },
      write: (key: string, value: StoredConversation) => repo.writeConversation(deps.db, key, JSON.stringify(value.version), value.state),
      delete: (key: string) => repo.deleteConversation(deps.db, key),
    },

    /** Forgets update ids after two days and conversations idle for a day. */
    async cleanup(now: Date = deps.clock()): Promise<void> {
      await repo.pruneUpdates(deps.db, new Date(now.getTime() - 2 * DAY_MS));
      await repo.pruneConversations(deps.db, new Date(now.getTime() - DAY_MS));
    },
  };
}
