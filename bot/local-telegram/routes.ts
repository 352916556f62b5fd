// /dev/telegram (local mode only): a phone-sized chat with the bot, driven by the local Telegram. The page
// talks to these JSON endpoints; opening a `web_app` button returns the Mini App's URL with launch data
// signed exactly as Telegram signs it (inline and menu buttons), or none (reply-keyboard buttons).
import fs from 'node:fs';
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { TelegramProfile } from '../../db/repositories/users';
import type { LocalTelegram } from './index';
import { ApiFailure } from './rules';

const PAGE = fs.readFileSync(new URL('./page.html', import.meta.url), 'utf8');

/** Telegram Web's light theme, sent as tgWebAppThemeParams. */
export const LOCAL_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  accent_text_color: '#3390ec',
  section_bg_color: '#ffffff',
  section_header_text_color: '#3390ec',
  section_separator_color: '#e7e7e7',
  subtitle_text_color: '#707579',
  destructive_text_color: '#e53935',
};

/** How long the page waits for the bot's inline answer (Telegram itself waits about 10 s). */
const INLINE_WAIT_MS = 10_000;

/** The group on the page where the bot is not a member and can only be summoned as a guest (@bot). */
export const LOCAL_GUEST_GROUP = { id: -1_001_000_000_001, title: 'Друзья' } as const;

const userId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const profile = {
  user: userId,
  name: z.string().trim().min(1).max(64).default('Анна'),
  username: z
    .string()
    .regex(/^\w{1,32}$/)
    .optional(),
};

const schemas = {
  state: z.object({ user: userId, after: z.coerce.number().int().min(-1).default(-1), chat: z.enum(['bot', 'group']).default('bot') }),
  send: z.object({ ...profile, text: z.string().min(1).max(4096) }),
  groupSend: z.object({ ...profile, text: z.string().trim().min(1).max(4096) }),
  press: z.object({ user: userId, messageId: z.number().int().positive(), data: z.string().min(1).max(64) }),
  open: z.object({
    ...profile,
    url: z.string().url().max(2048),
    via: z.enum(['inline', 'menu', 'keyboard']),
    startParam: z.string().max(64).optional(),
  }),
  data: z.object({ user: userId, data: z.string().max(4096), buttonText: z.string().max(64).default('Таро') }),
  block: z.object({ user: userId, blocked: z.boolean() }),
  stop: z.object({ user: userId }),
  rich: z.object({ user: userId, supported: z.boolean() }),
  inline: z.object({ ...profile, query: z.string().max(256), chat: z.enum(['bot', 'group']).default('bot') }),
  inlineSend: z.object({
    ...profile,
    queryId: z.string().uuid(),
    resultId: z.string().min(1).max(64),
    chat: z.enum(['bot', 'group']).default('bot'),
  }),
  pay: z.union([
    z.object({ user: userId, messageId: z.number().int().positive() }),
    z.object({ user: userId, slug: z.string().min(1).max(64) }),
  ]),
};

async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | Response> {
  let raw: unknown;
  try {
    raw = c.req.method === 'GET' ? c.req.query() : await c.req.json();
  } catch {
    return c.json({ success: false, error: 'body: некорректный JSON' }, 400);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return c.json({ success: false, error: `${issue.path.join('.') || 'body'}: ${issue.message}` }, 400);
  }
  return parsed.data;
}

export interface LocalTelegramRoutesOptions {
  telegram: LocalTelegram;
  /** services/identity.ts signInitData: initData exactly as Telegram signs it. */
  signInitData: (user: TelegramProfile, extra?: { startParam?: string }) => string;
}

export function localTelegramRoutes(o: LocalTelegramRoutesOptions) {
  const tg = o.telegram;
  const fakeUser = (p: { user: number; name: string; username?: string }) => ({
    id: p.user,
    first_name: p.name,
    language_code: 'ru',
    ...(p.username ? { username: p.username } : {}),
  });

  tg.openGuestGroup(LOCAL_GUEST_GROUP.id, LOCAL_GUEST_GROUP.title);

  return (
    new Hono()
      .get('/', (c) => {
        c.header('Cache-Control', 'no-store');
        return c.html(PAGE);
      })
      .get('/state', async (c) => {
        const q = await body(c, schemas.state);
        if (q instanceof Response) return q;
        if (tg.closed) return c.json({ success: false, error: 'Сервер останавливается' }, 503);
        const chatId = q.chat === 'group' ? LOCAL_GUEST_GROUP.id : q.user;
        // Long poll: answer when the chat changes (or after 25 s, well under any proxy timeout).
        await tg.waitForChange(chatId, q.after, 25_000);
        c.header('Cache-Control', 'no-store');
        return c.json({ success: true, data: tg.chatState(chatId) });
      })
      .post('/send', async (c) => {
        const b = await body(c, schemas.send);
        if (b instanceof Response) return b;
        tg.sendText(fakeUser(b), b.text);
        return c.json({ success: true, data: null });
      })
      // A message in the group: the bot gets it only as a guest summons, when it names @bot.
      .post('/group/send', async (c) => {
        const b = await body(c, schemas.groupSend);
        if (b instanceof Response) return b;
        const summoned = tg.writeInGuestGroup(LOCAL_GUEST_GROUP.id, fakeUser(b), b.text);
        return c.json({ success: true, data: { summoned: summoned !== null } });
      })
      .post('/press', async (c) => {
        const b = await body(c, schemas.press);
        if (b instanceof Response) return b;
        try {
          tg.pressButton(b.user, b.messageId, b.data);
        } catch {
          return c.json({ success: false, error: 'messageId: сообщение не найдено' }, 404);
        }
        return c.json({ success: true, data: null });
      })
      .post('/open', async (c) => {
        const b = await body(c, schemas.open);
        if (b instanceof Response) return b;
        const url = new URL(b.url);
        const hash = new URLSearchParams();
        // A reply-keyboard launch carries no initData (its URL holds the server's launch token instead).
        if (b.via !== 'keyboard')
          hash.set(
            'tgWebAppData',
            o.signInitData(
              { id: b.user, first_name: b.name, username: b.username ?? null, language_code: 'ru' },
              { startParam: b.startParam },
            ),
          );
        hash.set('tgWebAppVersion', '8.0');
        hash.set('tgWebAppPlatform', 'weba');
        hash.set('tgWebAppThemeParams', JSON.stringify(LOCAL_THEME));
        if (b.startParam) hash.set('tgWebAppStartParam', b.startParam);
        url.hash = hash.toString();
        return c.json({ success: true, data: { url: url.toString() } });
      })
      .post('/data', async (c) => {
        const b = await body(c, schemas.data);
        if (b instanceof Response) return b;
        tg.sendWebAppData(b.user, b.data, b.buttonText);
        return c.json({ success: true, data: null });
      })
      .post('/block', async (c) => {
        const b = await body(c, schemas.block);
        if (b instanceof Response) return b;
        tg.setBlocked(b.user, b.blocked);
        return c.json({ success: true, data: null });
      })
      // «Клиент без rich»: this user's client refuses rich messages (the bot's plain path, to look at).
      .post('/rich', async (c) => {
        const b = await body(c, schemas.rich);
        if (b instanceof Response) return b;
        tg.setRichMessages(b.user, b.supported);
        return c.json({ success: true, data: null });
      })
      // The stop button under the bot's draft: the bot gets stopped_message_generation.
      .post('/stop', async (c) => {
        const b = await body(c, schemas.stop);
        if (b instanceof Response) return b;
        tg.stopDraft(b.user);
        return c.json({ success: true, data: null });
      })
      // The composer's `@bot query`: an inline_query through the Bot API fake; the bot's results as the
      // client lists them (title, description, picture).
      .post('/inline', async (c) => {
        const b = await body(c, schemas.inline);
        if (b instanceof Response) return b;
        tg.setProfile(fakeUser(b));
        const queryId = tg.inlineQuery(b.user, b.query, b.chat === 'group' ? 'supergroup' : 'sender');
        let answer: Awaited<ReturnType<typeof tg.waitForInlineAnswer>>;
        try {
          answer = await tg.waitForInlineAnswer(queryId, INLINE_WAIT_MS);
        } catch {
          return c.json({ success: false, error: 'query: бот не ответил на inline-запрос' }, 504);
        }
        const results = answer.results.map((r: any) => ({
          id: String(r.id),
          type: String(r.type),
          title: String(r.title ?? ''),
          description: String(r.description ?? ''),
          thumbnail: typeof r.thumbnail_url === 'string' ? r.thumbnail_url : null,
        }));
        return c.json({ success: true, data: { queryId, results, button: answer.button?.text ?? null } });
      })
      // Choosing a result: it goes into the open chat as the user's message «via @bot».
      .post('/inline/send', async (c) => {
        const b = await body(c, schemas.inlineSend);
        if (b instanceof Response) return b;
        try {
          tg.sendInlineResult(b.chat === 'group' ? LOCAL_GUEST_GROUP.id : b.user, fakeUser(b), b.queryId, b.resultId);
        } catch (err) {
          return c.json(
            { success: false, error: `resultId: ${err instanceof ApiFailure ? err.description : 'результат не найден'}` },
            err instanceof ApiFailure ? 400 : 404,
          );
        }
        return c.json({ success: true, data: null });
      })
      .post('/pay', async (c) => {
        const b = await body(c, schemas.pay);
        if (b instanceof Response) return b;
        const result = await tg.pay(b.user, 'slug' in b ? { slug: b.slug } : { messageId: b.messageId });
        return c.json({ success: true, data: result });
      })
  );
}
