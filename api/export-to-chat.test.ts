// «Отправить в чат» on the «Мои данные» screen, through the app as main.ts wires it (local mode: the bot
// talks to the local Telegram): the export arrives in the user's chat as the same two documents /mydata sends;
// a user who never started the bot is told to press «Старт», and nothing is sent; a few sends an hour, then
// 429 in Russian with the wait, and nothing more reaches the chat. PGlite only: the hourly limit's upsert is
// tested on both databases in api/user-limits.test.ts.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startApp, type RunningApp } from '../main';
import { USER_LIMITS } from '../services/user-limits';
import { callApp, launchUser } from '../test/app-process';
import { openTestPglite } from '../test/databases';
import { eventually } from '../test/eventually';

describe('the data export sent to the chat', () => {
  let app: RunningApp;
  let base: string;

  beforeAll(async () => {
    app = await startApp(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
      pino({ level: 'silent' }),
      { pglite: openTestPglite() },
    );
    await app.bot.ready;
    base = `http://127.0.0.1:${app.port}`;
  });
  afterAll(() => app?.close());

  const send = (auth: string) => callApp(base, 'POST', '/api/user/export/send-to-chat', { auth });
  const documentsIn = (userId: number) =>
    app.bot.localTelegram!.chatState(userId).messages.flatMap((m) => (m.document ? [{ ...m.document, caption: m.text }] : []));

  it('a user who never started the bot is told to, and nothing is sent', async () => {
    const auth = await launchUser(base, 4_300_001, 'Нина');
    const r = await send(auth);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('Не удалось отправить файлы в чат с ботом: откройте бота, нажмите «Старт» и попробуйте снова');
  });

  it('sends the JSON and the readable copy, as /mydata does; a few times an hour, then 429 with the wait', async () => {
    const user = { id: 4_300_002, first_name: 'Вера' };
    const tg = app.bot.localTelegram!;
    tg.sendText(user, '/start');
    await tg.waitForBotMessage(user.id, () => true);
    const auth = await launchUser(base, user.id, user.first_name);
    const reading = await callApp(base, 'POST', '/api/readings', {
      auth,
      json: { spreadType: 'free_daily', question: 'Что мне важно сегодня?' },
    });
    expect(reading.status).toBe(201);

    const r = await send(auth);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ sent: true });
    const docs = documentsIn(user.id);
    const lastSent = tg.botMessages(user.id).at(-1)!.message_id;
    const day = new Date().toISOString().slice(0, 10);
    expect(docs.map((d) => d.fileName)).toEqual([`tarot-data-${day}.json`, `tarot-data-${day}.html`]);
    expect(docs[0].caption).toMatch(/^Ваши данные: расклады/);
    expect(docs[1].caption).toBe('То же самое в читаемом виде (откройте в браузере).');
    const exported = JSON.parse(docs[0].content.toString('utf8'));
    expect(exported.userId).toBe(user.id);
    const readings = exported.sections.find((s: { table: string }) => s.table === 'readings').rows;
    expect(readings.map((x: { question: string }) => x.question)).toContain('Что мне важно сегодня?');
    expect(docs[1].content.toString('utf8')).toContain('Что мне важно сегодня?');

    // The same as /mydata in the chat.
    tg.sendText(user, '/mydata');
    await tg.waitForBotMessage(user.id, (m) => m.document?.fileName.endsWith('.html') === true && m.message_id > lastSent);
    expect(documentsIn(user.id).map((d) => [d.fileName, d.caption])).toEqual([...docs, ...docs].map((d) => [d.fileName, d.caption]));
    // One export at a time: /mydata's ends (its lease goes) just after its last upload is answered.
    await eventually(async () =>
      expect(await app.db.selectFrom('data_exports').select('user_id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined(),
    );

    const { limit } = USER_LIMITS.export_to_chat;
    for (let i = 1; i < limit; i++) expect((await send(auth)).status).toBe(200);
    const refused = await send(auth);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Данные уже отправлены в чат\. Попробуйте через (1 час|59 минут)/);
    expect(documentsIn(user.id)).toHaveLength(4 + 2 * (limit - 1));
  });
});
