// The bot's side of signing in outside Telegram and of the user's data: /web's one-time link, /mydata's
// documents, /deletedata with its confirmation, and «Отключить напоминания» under a push.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPushSender } from './push-sender';
import { createBotHarness, TEST_PUBLIC_URL, type BotHarness } from '../test/bot-harness';
import { TEST_DB_KINDS } from '../test/databases';
import { TEST_BOT_TOKEN } from '../test/harness';
import type { ChatMessage } from './local-telegram/index';
import { eventually } from '../test/eventually';

const CHAT_MAX_BYTES = 300_000;

const inlineButtons = (m: ChatMessage) => (m.reply_markup?.inline_keyboard ?? []).flat() as any[];

describe.each(TEST_DB_KINDS)('bot: web sign-in and data (%s)', (kind) => {
  let h: BotHarness;
  let nextUser = 7_100;
  const newUser = (name = 'Тест') => h.user(++nextUser, name);

  beforeAll(async () => {
    // The chat's file limit lowered from Telegram's 50 MB, so that a user with a few dozen long readings is over it.
    h = await createBotHarness(kind, { chatExportMaxBytes: CHAT_MAX_BYTES });
  });
  afterAll(() => h?.close());

  const spend = (token: string) =>
    h.app.request('/api/auth/link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: JSON.stringify({ token }),
    });

  it('/web answers with a one-time link to PUBLIC_URL/auth/<token> that signs a browser in once', async () => {
    const u = newUser('Вера');
    h.tg.sendText(u, '/web');
    const answer = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Вход в браузере'));
    expect(answer.text).toContain('действует 10 минут');
    const [button] = inlineButtons(answer);
    expect(button.text).toBe('Открыть в браузере');
    const m = new RegExp(`^${TEST_PUBLIC_URL}/auth/([A-Za-z0-9_-]{43})$`).exec(button.url);
    expect(m).not.toBeNull();
    const first = await spend(m![1]);
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    const status = await h.app.request('/api/user/status', { headers: { Cookie: cookie } });
    expect((await status.json()).data.user.id).toBe(u.id);
    expect((await spend(m![1])).status).toBe(401);
  });

  it('/mydata sends the export as a JSON and an HTML document', async () => {
    const u = newUser('Ольга');
    h.tg.sendText(u, '/start');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте'));
    const r = await h.call(u.id, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Что меня ждёт на новой работе?' });
    expect(r.status).toBe(201);
    h.tg.sendText(u, '/mydata');
    const json = await h.tg.waitForBotMessage(u.id, (m) => !!m.document?.fileName.endsWith('.json'));
    const data = JSON.parse(json.document!.content.toString('utf8'));
    expect(data.sections.find((s: { table: string }) => s.table === 'readings').rows[0].question).toBe('Что меня ждёт на новой работе?');
    const html = await h.tg.waitForBotMessage(u.id, (m) => !!m.document?.fileName.endsWith('.html'));
    expect(html.document!.content.toString('utf8')).toContain('Что меня ждёт на новой работе?');
  });

  it('/mydata while the same user’s download runs is refused in Russian and sends nothing; after it, both documents', async () => {
    const u = newUser('Лена');
    h.tg.sendText(u, '/start');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте'));
    const running = await h.app.request('/api/user/export', { headers: { Authorization: h.authFor(u.id) } });
    expect(running.status).toBe(200);
    h.tg.sendText(u, '/mydata');
    const refusal = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Ваши данные уже выгружаются'));
    expect(h.tg.botMessages(u.id).some((m) => m.document)).toBe(false);

    // The download ends; /mydata then sends both files (the JSON whole, as JSON.stringify writes it).
    await running.body!.cancel();
    h.tg.sendText(u, '/mydata');
    const html = await h.tg.waitForBotMessage(u.id, (m) => !!m.document?.fileName.endsWith('.html') && m.message_id > refusal.message_id);
    const json = h.tg.botMessages(u.id).find((m) => m.document?.fileName.endsWith('.json'))!;
    const text = json.document!.content.toString('utf8');
    expect(JSON.stringify(JSON.parse(text), null, 2)).toBe(text);
    expect(JSON.parse(text).userId).toBe(u.id);
    expect(html.document!.content.toString('utf8')).toMatch(/<\/body><\/html>$/);
  });

  it('/mydata of an export larger than the chat takes says where to download it, and sends no cut file', async () => {
    const u = newUser('Зоя');
    h.tg.sendText(u, '/start');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте'));
    await sql`insert into readings (user_id, spread_type, question, cards, level, status, interpretation)
      select ${u.id}, 'free_daily', 'Что ждёт меня? №' || g, '[]'::jsonb, 'basic', 'done', ${'Карты говорят о переменах. '.repeat(700)}
      from generate_series(1, 30) g`.execute(h.db);
    h.tg.sendText(u, '/mydata');
    const answer = await h.tg.waitForBotMessage(u.id, (m) => m.text.startsWith('Ваши данные больше 50 МБ'));
    expect(answer.text).toContain('команда /web даст ссылку для входа');
    expect(h.tg.botMessages(u.id).filter((m) => m.document)).toEqual([]);
    // The export ended with the refusal: the next one may start.
    await eventually(async () =>
      expect(await h.db.selectFrom('data_exports').select('user_id').where('user_id', '=', u.id).executeTakeFirst()).toBeUndefined(),
    );
  });

  it('/deletedata asks first (what goes, what stays and why); «Отмена» keeps everything, «Да, удалить всё» deletes', async () => {
    const u = newUser('Ира');
    const r = await h.call(u.id, 'POST', '/api/readings', { spreadType: 'free_daily', question: 'Стоит ли переезжать весной?' });
    h.tg.sendText(u, '/deletedata');
    const ask = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Удалить мои данные?'));
    expect(ask.text).toMatch(/удаляются сразу/);
    expect(ask.text).toMatch(/хранятся 5 лет/);
    const button = (re: RegExp) => inlineButtons(ask).find((b) => re.test(b.text)).callback_data as string;
    h.tg.pressButton(u.id, ask.message_id, button(/^Отмена$/));
    await vi.waitFor(() => expect(h.tg.botMessages(u.id).some((m) => m.text.includes('ничего не удалено'))).toBe(true), {
      timeout: 10_000,
    });
    expect((await h.call(u.id, 'GET', `/api/readings/${r.body.data.id}`)).status).toBe(200);

    h.tg.sendText(u, '/deletedata');
    const again = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Удалить мои данные?') && m.message_id !== ask.message_id);
    h.tg.pressButton(u.id, again.message_id, (inlineButtons(again).find((b) => /Да, удалить всё/.test(b.text)) as any).callback_data);
    await vi.waitFor(() => expect(h.tg.botMessages(u.id).some((m) => m.text.includes('Ваши данные удалены'))).toBe(true), {
      timeout: 10_000,
    });
    expect(await h.db.selectFrom('readings').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect((await h.call(u.id, 'GET', `/api/readings/${r.body.data.id}`)).status).toBe(404);
  });

  it('a push carries «Отключить напоминания»: one tap switches the reminders off', async () => {
    const u = newUser('Вера');
    h.tg.sendText(u, '/start');
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Здравствуйте'));
    // A reminder in the queue (its local day far ahead, so its window is open), sent by the real sender.
    await h.db
      .insertInto('notifications')
      .values({
        user_id: u.id,
        kind: 'daily_reminder',
        dedup_key: '2999-01-01',
        payload: JSON.stringify({ text: '🔮 Ваша карта дня ждёт', button: { text: 'Открыть', path: '/daily-card' } }),
        not_before: new Date(0),
      })
      .execute();
    const sender = createPushSender({
      token: TEST_BOT_TOKEN,
      apiRoot: h.apiRoot,
      notifications: h.services.notifications,
      logger: h.logger,
      webAppUrl: () => TEST_PUBLIC_URL,
      ratePerSecond: null,
    });
    expect((await sender.drain()).sent).toBe(1);
    const push = await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Ваша карта дня ждёт'));
    const off = inlineButtons(push).find((b) => b.text === '🔕 Отключить напоминания');
    expect(inlineButtons(push)[0].web_app.url).toBe(`${TEST_PUBLIC_URL}/daily-card?startapp=push_daily`);
    h.tg.pressButton(u.id, push.message_id, off.callback_data);
    await h.tg.waitForBotMessage(u.id, (m) => m.text.includes('Напоминания отключены'));
    const row = await h.db.selectFrom('users').select('notify_daily').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.notify_daily).toBe(false);
  });
});
