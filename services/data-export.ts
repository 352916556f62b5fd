// The user's data export as files written while they are sent: the JSON and its readable HTML copy, read
// from the registry (db/user-data.ts) table by table in pages, so a user with years of long readings costs a
// page of rows in memory, not the whole file, and no statement reads their whole history. One export runs at
// a time per user (a lease in the database, so across instances too), and a few an hour.
import crypto from 'node:crypto';
import { releaseExportLease, renewExportLease, takeExportLease } from '../db/repositories/data-exports';
import { countOf, pageOf, USER_DATA, type UserDataTable } from '../db/user-data';
import { formatDurationWords } from '../domain/text/time';
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';
import { takeUserLimit, type UserLimitKind } from './user-limits';

/** The export's JSON, as a client parses it: `JSON.stringify` of this with two-space indents. */
export type UserExport = {
  exportedAt: string;
  userId: number;
  sections: { table: string; title: string; rows: Record<string, unknown>[] }[];
};

export type ExportFormat = 'json' | 'html';

/** One file of an export: its bytes are written as they are read (each call of `chunks` writes it anew). */
export interface ExportFile {
  format: ExportFormat;
  fileName: string;
  /** The document's caption in the chat (/mydata, «Отправить в чат»). */
  caption: string;
  contentType: string;
  chunks: () => AsyncIterable<Uint8Array>;
}

/** An export under way: its files, and `close` (always called, once they are sent or given up) ends its lease. */
export interface OpenedExport {
  exportedAt: string;
  files: ExportFile[];
  /** Why a file stopped being written (too large for the chat): the refusal to show instead of the send's error. */
  failure(): ServiceError | null;
  /**
   * Aborted when a file stops being written (too large, the database failed): an upload given it ends
   * then instead of being retried (grammY's auto-retry retries a failed upload without end otherwise).
   */
  signal: AbortSignal;
  close(): Promise<void>;
}

/** Telegram takes a document of up to 50 MB from a bot. */
const CHAT_FILE_MAX_BYTES = 50_000_000;
const TOO_BIG_FOR_CHAT =
  'Ваши данные больше 50 МБ, а Telegram не принимает от бота файлы такого размера. Скачайте их в браузере: команда /web даст ссылку для входа, затем «Настройки» → «Скачать мои данные».';

/** How long an export's lease lasts without being renewed (an instance that died frees it after this). */
export const EXPORT_LEASE_S = 60;
/** A lease is renewed, while pages are read, once this much of it has passed. */
const RENEW_AFTER_MS = 20_000;
/** The encoder hands on about this much at a time: rows are small and many, writes to a socket fewer. */
const CHUNK_BYTES = 64 * 1024;

const CAPTIONS: Record<ExportFormat, string> = {
  json: 'Ваши данные: расклады, вопросы и толкования, заметки, данные рождения, настройки, платежи (JSON).',
  html: 'То же самое в читаемом виде (откройте в браузере).',
};
const CONTENT_TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** A section as the writers read it: its title, its row count, its rows page after page. */
interface SectionSource {
  table: string;
  title: string;
  count(): Promise<number>;
  rows(): AsyncIterable<Record<string, unknown>>;
}

/**
 * The JSON exactly as `JSON.stringify(export, null, 2)` writes it, row by row: a row sits 8 spaces deep, and
 * JSON.stringify never writes a raw line break inside a string, so its lines are indented by a replace.
 */
async function* jsonText(exportedAt: string, userId: number, sections: SectionSource[]): AsyncIterable<string> {
  yield `{\n  "exportedAt": ${JSON.stringify(exportedAt)},\n  "userId": ${JSON.stringify(userId)},\n  "sections": [`;
  let firstSection = true;
  for (const s of sections) {
    yield `${firstSection ? '' : ','}\n    {\n      "table": ${JSON.stringify(s.table)},\n      "title": ${JSON.stringify(s.title)},\n      "rows": [`;
    firstSection = false;
    let firstRow = true;
    for await (const row of s.rows()) {
      yield `${firstRow ? '' : ','}\n        ${JSON.stringify(row, null, 2).replace(/\n/g, '\n        ')}`;
      firstRow = false;
    }
    yield `${firstRow ? '' : '\n      '}]\n    }`;
  }
  yield `${firstSection ? '' : '\n  '}]\n}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function valueHtml(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (v instanceof Date) return esc(v.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }));
  if (typeof v === 'object') return `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;
  return esc(String(v)).replace(/\n/g, '<br>');
}

/** The readable copy: every section with its count and its rows, field by field. */
async function* htmlText(exportedAt: string, userId: number, sections: SectionSource[]): AsyncIterable<string> {
  yield `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Мои данные — Таро</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:2em auto;padding:0 1em}dl{border:1px solid #ddd;border-radius:8px;padding:.5em 1em}dt{font-weight:600;color:#555}dd{margin:0 0 .5em}pre{white-space:pre-wrap}</style></head><body><h1>Мои данные</h1><p>Выгрузка от ${esc(new Date(exportedAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }))}, аккаунт Telegram ${userId}.</p>`;
  for (const s of sections) {
    yield `<section><h2>${esc(s.title)} (${await s.count()})</h2>`;
    for await (const row of s.rows())
      yield `<dl>${Object.entries(row)
        .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${valueHtml(v)}</dd>`)
        .join('')}</dl>`;
    yield '</section>';
  }
  yield '</body></html>';
}

/** Text pieces as UTF-8 chunks of about CHUNK_BYTES (a long row is one chunk of its own size). */
async function* encoded(pieces: AsyncIterable<string>): AsyncIterable<Uint8Array> {
  const enc = new TextEncoder();
  let buffered: string[] = [];
  let size = 0;
  for await (const p of pieces) {
    buffered.push(p);
    size += p.length;
    if (size >= CHUNK_BYTES / 2) {
      yield enc.encode(buffered.join(''));
      buffered = [];
      size = 0;
    }
  }
  if (buffered.length) yield enc.encode(buffered.join(''));
}

/**
 * Everyone else's turn. The export is bulk work in the thread that answers every request (with PGlite the
 * database's work is in it too): after each SLICE_MS of it, it pauses as long as it ran, so it takes about
 * half a core at most, the process is idle half the time and another user's request starts at once; and it
 * gives the event loop a turn before every page (with PGlite and a client that keeps up, every step of the
 * export resolves at once, and nothing else would run until the file ended).
 */
const SLICE_MS = 4;
let sliceStart = performance.now();
async function giveWay(beforePage: boolean): Promise<void> {
  const ran = performance.now() - sliceStart;
  if (ran >= SLICE_MS) await new Promise((resolve) => setTimeout(resolve, Math.min(ran, 50)));
  else if (beforePage) await new Promise((resolve) => setImmediate(resolve));
  else return;
  sliceStart = performance.now();
}

export function createDataExport(deps: ServiceDeps) {
  const db = deps.db;

  /** The export's sections: the registry's titled tables, each read in pages; `beforePage` keeps the lease. */
  function sectionsOf(userId: number, beforePage: () => Promise<void>): SectionSource[] {
    return USER_DATA.filter((t): t is UserDataTable & { title: string } => t.title !== null).map((t) => ({
      table: t.table,
      title: t.title,
      count: () => countOf(db, t, userId),
      async *rows() {
        let after: unknown[] | null = null;
        do {
          await giveWay(true);
          await beforePage();
          const page = await pageOf(db, t, userId, after);
          for (const r of page.rows) {
            await giveWay(false);
            for (const c of t.omit ?? []) delete r[c];
            yield r;
          }
          after = page.last;
        } while (after);
      },
    }));
  }

  /**
   * Opens the user's export: takes the one-at-a-time lease (429 while another runs), then a slot of each of
   * `limits` (429 with the wait). The files are written when read; `close` must follow.
   */
  async function open(
    userId: number,
    formats: readonly ExportFormat[],
    limits: readonly UserLimitKind[],
    via: 'download' | 'chat',
  ): Promise<OpenedExport> {
    const leaseId = crypto.randomUUID();
    const leaseEnd = () => new Date(deps.clock().getTime() + EXPORT_LEASE_S * 1000);
    const now = deps.clock();
    const lease = await takeExportLease(db, userId, leaseId, now, leaseEnd());
    if (!lease.taken) {
      const wait = Math.max(1, Math.ceil((lease.runsUntil.getTime() - now.getTime()) / 1000));
      throw new ServiceError(
        'limit_reached',
        `Ваши данные уже выгружаются. Дождитесь, пока файл загрузится, или попробуйте через ${formatDurationWords(wait * 1000)}.`,
        { retryAfterSeconds: wait },
      );
    }
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await releaseExportLease(db, userId, leaseId);
    };
    try {
      for (const kind of limits) await takeUserLimit(db, userId, kind, now);
    } catch (err) {
      await close();
      throw err;
    }

    let renewedAt = now.getTime();
    const keepLease = async () => {
      if (closed) throw new ServiceError('conflict', 'Выгрузка уже закончена');
      const t = deps.clock().getTime();
      if (t - renewedAt < RENEW_AFTER_MS) return;
      renewedAt = t;
      if (!(await renewExportLease(db, userId, leaseId, leaseEnd())))
        throw new ServiceError('conflict', 'Выгрузка прервана: её место заняла другая');
    };
    const exportedAt = now.toISOString();
    const day = exportedAt.slice(0, 10);
    let failure: ServiceError | null = null;
    const maxBytes = via === 'chat' ? (deps.chatExportMaxBytes ?? CHAT_FILE_MAX_BYTES) : Number.POSITIVE_INFINITY;
    const stop = new AbortController();
    /** The file's chunks, stopped (and the refusal kept) once it is larger than the chat takes; any failure aborts `signal`. */
    async function* bounded(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
      let bytes = 0;
      try {
        for await (const c of chunks) {
          bytes += c.length;
          if (bytes > maxBytes) throw (failure = new ServiceError('conflict', TOO_BIG_FOR_CHAT));
          yield c;
        }
      } catch (err) {
        stop.abort(err);
        throw err;
      }
    }
    const files = formats.map(
      (format): ExportFile => ({
        format,
        fileName: `tarot-data-${day}.${format}`,
        caption: CAPTIONS[format],
        contentType: CONTENT_TYPES[format],
        chunks: () => bounded(encoded((format === 'json' ? jsonText : htmlText)(exportedAt, userId, sectionsOf(userId, keepLease)))),
      }),
    );
    return { exportedAt, files, failure: () => failure, signal: stop.signal, close };
  }

  return { open };
}
