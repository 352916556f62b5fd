// The user's data in the user's hands: one export (JSON and a readable HTML copy, written as they are sent
// by services/data-export.ts) and one deletion, both walking the registry (db/user-data.ts). Payment records
// are kept, detached and scrubbed; a hashed marker of the Telegram id remembers that the trial and
// first-purchase offers were used.
import { tierName } from '../domain/commerce/catalogue';
import { entitlementOf, isPaidTier } from '../domain/commerce/entitlement';
import { deletionSummary, PAYMENT_RECORDS_KEPT_YEARS } from '../domain/app/user-data';
import * as usersRepo from '../db/repositories/users';
import { bumpGeneration } from '../db/repositories/web-auth';
import { deleteRowsOf, deleteSharePicturesOf, detachPayments, markErased, pruneDetachedPayments, USER_DATA } from '../db/user-data';
import { createDataExport, type ExportFormat, type OpenedExport } from './data-export';
import type { ServiceDeps } from './deps';
import { erasedBeforeOf, keepLimitsOf } from './erased-limits';
import { ServiceError } from './errors';
import { stopRecurringBilling } from './payments/recurring';
import { userKey } from './user-key';
import type { UserService } from './users';

export type { UserExport } from './data-export';

export function createUserDataService(deps: ServiceDeps, users: UserService) {
  const db = deps.db;

  async function activePlan(userId: number): Promise<string | null> {
    const user = await usersRepo.findUser(db, userId);
    if (!user) return null;
    const { tier } = entitlementOf(user, deps.clock(), []);
    return isPaidTier(tier) ? tierName(tier) : null;
  }

  const dataExport = createDataExport(deps);

  return {
    /**
     * The user's export as files written while they are read (a download: one format; /mydata: both, each
     * no larger than the chat takes), one at a time and a few an hour. The caller sends them and then calls
     * `close`, whatever happened.
     */
    async openExport(userId: number, formats: readonly ExportFormat[], via: 'download' | 'chat'): Promise<OpenedExport> {
      await users.requireUser(userId);
      return dataExport.open(userId, formats, ['export'], via);
    },

    /**
     * Both files for the user's chat («Отправить в чат»): also a few times an hour of its own, each being
     * two uploads through the bot, on the Bot API limit every user's messages share.
     */
    async exportForChat(userId: number): Promise<OpenedExport> {
      await users.requireUser(userId);
      return dataExport.open(userId, ['json', 'html'], ['export_to_chat', 'export'], 'chat');
    },

    /** What the confirmation says: what goes, what stays and why, and the plan that ends. */
    async deletionPreview(userId: number) {
      return { plan: await activePlan(userId), lines: deletionSummary(await activePlan(userId)) };
    },

    /**
     * Deletes everything of the user at once. The plan ends first: a Stars subscription is cancelled at
     * Telegram and the saved card's reference is dropped with the renewal row; then one transaction.
     */
    async erase(userId: number): Promise<void> {
      const user = await users.requireUser(userId);
      await stopRecurringBilling(deps, userId);
      const key = userKey(deps.serverSecret, userId);
      await db.transaction().execute(async (trx) => {
        await markErased(trx, userId, key);
        // What outlives the data: the limits still in their window; and no token signed before works again.
        await keepLimitsOf(deps, trx, user);
        await bumpGeneration(trx, key);
        await detachPayments(trx, userId);
        await deleteSharePicturesOf(trx, userId);
        for (const t of USER_DATA) if (t.erase === 'delete') await deleteRowsOf(trx, t, userId);
      });
      users.forget(userId);
    },

    /**
     * Housekeeping: a deleted user's payment records are kept for accounting until the end of the
     * PAYMENT_RECORDS_KEPT_YEARS-th year after the year of the payment (402-ФЗ art. 29), then deleted.
     */
    pruneKeptPayments(now: Date = deps.clock()) {
      return pruneDetachedPayments(db, new Date(Date.UTC(now.getUTCFullYear() - PAYMENT_RECORDS_KEPT_YEARS, 0, 1)));
    },

    /** A returning user who had used the trial (or bought) before erasing their data. */
    erasedBefore: (userId: number) => erasedBeforeOf(deps, userId),
  };
}

/** Thrown by the route when the body does not confirm. */
export const notConfirmed = () => new ServiceError('bad_input', 'confirm: подтвердите удаление: {"confirm": true}');
