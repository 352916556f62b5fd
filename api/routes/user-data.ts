// The user's data: the export (a JSON file, or its readable HTML copy; inside Telegram the bot sends it as
// a document, since a web view cannot save a download) and the deletion with its confirmation text.
import { Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../services';
import { exportHtml, notConfirmed } from '../../services/user-data';
import type { AppEnv } from '../auth';
import { fail, ok, validate } from '../http';
import { clearSessionCookie } from '../session-cookie';

/** Sends the export to the user's chat with the bot (main.ts wires the Bot API in). */
export type SendExport = (userId: number, json: Uint8Array, html: Uint8Array) => Promise<void>;

const exportQuery = z.object({ format: z.enum(['json', 'html'], { error: 'ожидается json или html' }).default('json') });
const deleteBody = z.object({ confirm: z.literal(true, { error: 'подтвердите удаление: {"confirm": true}' }) });

export const userDataRoutes = (s: Services, sendExport?: SendExport) =>
  new Hono<AppEnv>()
    .get('/export', validate('query', exportQuery), async (c) => {
      const data = await s.userData.exportData(c.var.userId);
      const day = data.exportedAt.slice(0, 10);
      c.header('Cache-Control', 'no-store');
      if (c.req.valid('query').format === 'html') {
        c.header('Content-Disposition', `attachment; filename="tarot-data-${day}.html"`);
        return c.body(exportHtml(data), 200, { 'Content-Type': 'text/html; charset=utf-8' });
      }
      c.header('Content-Disposition', `attachment; filename="tarot-data-${day}.json"`);
      return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
    })
    .post('/export/send-to-chat', async (c) => {
      if (!sendExport) return fail(c, 503, 'Бот сейчас не может отправить файл, попробуйте позже');
      const data = await s.userData.exportData(c.var.userId);
      const enc = new TextEncoder();
      try {
        await sendExport(c.var.userId, enc.encode(JSON.stringify(data, null, 2)), enc.encode(exportHtml(data)));
      } catch {
        // Telegram refused (the user never started the bot or blocked it) or could not be reached.
        return fail(c, 409, 'Не удалось отправить файлы в чат с ботом: откройте бота, нажмите «Старт» и попробуйте снова');
      }
      return ok(c, { sent: true as const });
    })
    .get('/deletion', async (c) => ok(c, await s.userData.deletionPreview(c.var.userId)))
    .delete('/', validate('json', deleteBody.optional()), async (c) => {
      if (!c.req.valid('json')?.confirm) throw notConfirmed();
      await s.userData.erase(c.var.userId);
      if (c.var.sessionId) clearSessionCookie(c);
      return ok(c, { deleted: true as const });
    });
