// Bot API methods that hand updates to the bot: getUpdates (long polling) and the webhook's settings.
import { ApiFailure, bad } from '../rules';
import type { Store } from '../store';
import type { MethodTable } from './table';

export function updateMethods({ updates }: Store): MethodTable {
  return {
    async getUpdates(p, { signal }) {
      if (updates.webhook)
        throw new ApiFailure(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      return updates.take({
        offset: Number(p.offset ?? 0),
        allowed: Array.isArray(p.allowed_updates) && p.allowed_updates.length ? p.allowed_updates : undefined,
        limit: Math.min(100, Math.max(1, Number(p.limit ?? 100))),
        timeoutMs: Math.min(50, Math.max(0, Number(p.timeout ?? 0))) * 1000,
        signal,
      });
    },

    setWebhook(p) {
      if (typeof p.url !== 'string' || !/^https?:\/\//.test(p.url)) {
        if (p.url === '' || p.url === undefined) {
          updates.deleteWebhook(false);
          return true;
        }
        throw bad('invalid webhook URL specified');
      }
      updates.setWebhook(p.url, p.secret_token, !!p.drop_pending_updates);
      return true;
    },
    deleteWebhook(p) {
      updates.deleteWebhook(!!p.drop_pending_updates);
      return true;
    },
    getWebhookInfo: () => ({ url: updates.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: updates.pendingCount }),
  };
}
