// The user's data in the user's hands: one export (JSON and a readable HTML copy) and one deletion, both
// walking the registry (db/user-data.ts). Payment records are kept, detached and scrubbed; a hashed marker
// of the Telegram id remembers that the trial and first-purchase offers were used.
import { tierName } from '../domain/catalogue';
import { entitlementOf, isPaidTier } from '../domain/entitlement';
import { deletionSummary, PAYMENT_RECORDS_KEPT_YEARS } from '../domain/user-data';
import * as usersRepo from '../db/repositories/users';
import { bumpGeneration } from '../db/repositories/web-auth';
import { deleteRowsOf, deleteSharePicturesOf, detachPayments, markErased, pruneDetachedPayments, rowsOf, USER_DATA } from '../db/user-data';
import type { ServiceDeps } from './deps';
import { erasedBeforeOf, keepLimitsOf } from './erased-limits';
import { ServiceError } from './errors';
import { stopRecurringBilling } from './payments/recurring';
import { userKey } from './user-key';
import { takeUserLimit } from './user-limits';
import type { UserService } from './users';

export type UserExport = {
  exportedAt: string;
  userId: number;
  sections: { table: string; title: string; rows: Record<string, unknown>[] }[];
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function valueHtml(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (v instanceof Date) return esc(v.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }));
  if (typeof v === 'object') return `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;
  return esc(String(v)).replace(/\n/g, '<br>');
}

/** A file of the export as it is sent to the user's chat (by /mydata and by «Отправить в чат»). */
export interface ExportDocument {
  fileName: string;
  caption: string;
  bytes: Uint8Array;
}

/** The export as the two documents the chat gets: the JSON and the readable HTML copy, named by the day. */
export function exportDocuments(data: UserExport): ExportDocument[] {
  const day = data.exportedAt.slice(0, 10);
  const enc = new TextEncoder();
  return [
    {
      fileName: `tarot-data-${day}.json`,
      caption: 'Ваши данные: расклады, вопросы и толкования, заметки, данные рождения, настройки, платежи (JSON).',
      bytes: enc.encode(JSON.stringify(data, null, 2)),
    },
    {
      fileName: `tarot-data-${day}.html`,
      caption: 'То же самое в читаемом виде (откройте в браузере).',
      bytes: enc.encode(exportHtml(data)),
    },
  ];
}

/** The readable copy: every section with its rows, field by field. */
export function exportHtml(data: UserExport): string {
  const sections = data.sections
    .map(
      (s) =>
        `<section><h2>${esc(s.title)} (${s.rows.length})</h2>${s.rows
          .map(
            (r) =>
              `<dl>${Object.entries(r)
                .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${valueHtml(v)}</dd>`)
                .join('')}</dl>`,
          )
          .join('')}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Мои данные — Таро</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:2em auto;padding:0 1em}dl{border:1px solid #ddd;border-radius:8px;padding:.5em 1em}dt{font-weight:600;color:#555}dd{margin:0 0 .5em}pre{white-space:pre-wrap}</style></head><body><h1>Мои данные</h1><p>Выгрузка от ${esc(new Date(data.exportedAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }))}, аккаунт Telegram ${data.userId}.</p>${sections}</body></html>`;
}

export function createUserDataService(deps: ServiceDeps, users: UserService) {
  const db = deps.db;

  async function activePlan(userId: number): Promise<string | null> {
    const user = await usersRepo.findUser(db, userId);
    if (!user) return null;
    const { tier } = entitlementOf(user, deps.clock(), []);
    return isPaidTier(tier) ? tierName(tier) : null;
  }

  /** Every record the user has, section by section (the registry's titled tables). */
  async function exportData(userId: number): Promise<UserExport> {
    await users.requireUser(userId);
    const sections: UserExport['sections'] = [];
    for (const t of USER_DATA) {
      if (!t.title) continue;
      const rows = (await rowsOf(db, t, userId)).map((r) => {
        for (const c of t.omit ?? []) delete r[c];
        return r;
      });
      sections.push({ table: t.table, title: t.title, rows });
    }
    return { exportedAt: deps.clock().toISOString(), userId, sections };
  }

  return {
    exportData,

    /**
     * The export as documents for the user's chat («Отправить в чат»), a few times an hour: each sends two
     * uploads through the bot, on the Bot API limit every user's messages share.
     */
    async exportForChat(userId: number): Promise<ExportDocument[]> {
      await takeUserLimit(db, userId, 'export_to_chat', deps.clock());
      return exportDocuments(await exportData(userId));
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
