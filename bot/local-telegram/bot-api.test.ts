// The local Telegram's Bot API over HTTP, called the way the bot calls it (grammY's Api): Telegram's
// refusals, an uploaded photo, a long poll woken by the user, and the fault controls present only in the
// tests' variant (test/test-telegram.ts), never in the one local mode runs.
import { Api, type GrammyError, InputFile } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN } from '../../test/harness';
import { createTestTelegram } from '../../test/test-telegram';
import { createLocalTelegram, type LocalTelegram } from './index';

/** A PNG's signature and IHDR header: enough for the pixel size the local Telegram reads. */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: GrammyError) => ({ code: e.error_code, description: e.description }),
  );

describe('local Telegram Bot API', () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()));
  });
  async function start<T extends LocalTelegram>(tg: T) {
    open.push(tg);
    return { tg, api: new Api(TEST_BOT_TOKEN, { apiRoot: await tg.listen() }) };
  }

  it('refuses as Telegram does: an unknown user, HTML that does not parse, an unknown method, a wrong token', async () => {
    const { tg, api } = await start(createLocalTelegram({ token: TEST_BOT_TOKEN }));
    expect(await refusal(api.sendMessage(42, 'Привет'))).toEqual({
      code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    tg.setProfile({ id: 42, first_name: 'Вера' });
    expect(await refusal(api.sendMessage(42, '<b>Привет', { parse_mode: 'HTML' }))).toMatchObject({
      code: 400,
      description: expect.stringContaining("can't parse entities"),
    });
    expect(await refusal((api.raw as unknown as Record<string, (p: object) => Promise<unknown>>).getNothing({}))).toEqual({
      code: 404,
      description: 'Not Found: method not found',
    });
    const wrong = await fetch(`${tg.apiRoot}/bot1:wrong/getMe`);
    expect([wrong.status, await wrong.json()]).toEqual([401, { ok: false, error_code: 401, description: 'Unauthorized' }]);
    expect((await api.getMe()).username).toBe('tarot_local_bot');
  });

  it('a photo uploaded as multipart arrives with its size; a long poll answers as soon as the user types', async () => {
    const { tg, api } = await start(createLocalTelegram({ token: TEST_BOT_TOKEN }));
    tg.setProfile({ id: 7, first_name: 'Вера' });
    const png = pngHeader(1080, 1920);
    await api.sendPhoto(7, new InputFile(png, 'reading.png'), { caption: '<b>Расклад</b>', parse_mode: 'HTML' });
    expect(tg.botMessages(7).at(-1)).toMatchObject({ text: 'Расклад', photo: { bytes: png.length, width: 1080, height: 1920 } });

    const polled = api.getUpdates({ timeout: 30 });
    setTimeout(() => tg.sendText(7, '/start'), 50);
    const updates = await polled;
    expect(updates.map((u) => u.message?.text)).toEqual(['/start']);
  });

  it('a caption is limited to 1,024 characters as the user sees them: tags count nothing, an entity one, an emoji two (UTF-16)', async () => {
    const { tg, api } = await start(createLocalTelegram({ token: TEST_BOT_TOKEN }));
    tg.setProfile({ id: 8, first_name: 'Вера' });
    const photo = (caption: string) => api.sendPhoto(8, new InputFile(pngHeader(10, 10), 'p.png'), { caption, parse_mode: 'HTML' });
    await photo('&lt;'.repeat(1024));
    await photo(`<b>${'я'.repeat(1000)}</b><i>${'😀'.repeat(12)}</i>`);
    expect(tg.botMessages(8).map((m) => m.text.length)).toEqual([1024, 1024]);
    const tooLong = { code: 400, description: 'Bad Request: message caption is too long' };
    expect(await refusal(photo('я'.repeat(1025)))).toEqual(tooLong);
    expect(await refusal(photo(`<b>${'я'.repeat(1000)}</b>${'😀'.repeat(13)}`))).toEqual(tooLong);
    // A message's text keeps its own limit.
    await api.sendMessage(8, 'я'.repeat(4096));
  });

  it('guest mode: a group without the bot refuses its sends; a summons names the bot and is answered once, by answerGuestQuery', async () => {
    const { tg, api } = await start(createLocalTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_test_bot' }));
    tg.openGuestGroup(-100_77, 'Друзья');
    const anna = { id: 11, first_name: 'Анна' };
    expect(await refusal(api.sendMessage(-100_77, 'Привет'))).toEqual({
      code: 403,
      description: 'Forbidden: bot is not a member of the supergroup chat',
    });
    expect(tg.writeInGuestGroup(-100_77, anna, 'без бота')).toBeNull();
    const id = tg.writeInGuestGroup(-100_77, anna, 'Эй, @tarot_test_bot, будет ли дождь?')!;
    const [u] = await api.getUpdates({ timeout: 0 });
    expect(u.guest_message).toMatchObject({
      chat: { id: -100_77, type: 'supergroup' },
      from: anna,
      guest_query_id: id,
      entities: [{ type: 'mention', offset: 4, length: 15 }],
    });

    const article = {
      type: 'article' as const,
      id: 'a',
      title: 'Карта',
      input_message_content: { message_text: '<b>Солнце</b>', parse_mode: 'HTML' as const },
    };
    expect(await refusal(api.answerGuestQuery('unknown', article))).toMatchObject({ code: 400 });
    expect(
      await refusal(
        api.answerGuestQuery(id, {
          type: 'photo',
          id: 'p',
          photo_url: 'https://x.example/c.png',
          thumbnail_url: 'https://x.example/c.png',
        }),
      ),
    ).toEqual({ code: 400, description: 'Bad Request: PHOTO_INVALID_DIMENSIONS' });
    expect((await api.answerGuestQuery(id, article)).inline_message_id).toMatch(/^guest_/);
    expect(tg.guestAnswer(id)).toMatchObject({ from: 'bot', text: 'Солнце', guestCaller: anna });
    expect(await refusal(api.answerGuestQuery(id, article))).toEqual({ code: 400, description: 'Bad Request: QUERY_ID_INVALID' });
  });

  it('fault controls exist only in the tests’ variant: the next send fails as asked, then sends go through', async () => {
    const plain = createLocalTelegram({ token: TEST_BOT_TOKEN });
    for (const control of ['failNext', 'calls', 'maxSendsPerWindow', 'deliverWebhooksTo', 'sendUpdate'])
      expect(control in plain).toBe(false);

    const { tg, api } = await start(createTestTelegram({ token: TEST_BOT_TOKEN }));
    tg.setProfile({ id: 9, first_name: 'Вера' });
    tg.failNext(9, { error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } });
    const failed = await api.sendMessage(9, 'первое').catch((e: GrammyError) => e);
    expect(failed).toMatchObject({ error_code: 429, parameters: { retry_after: 3 } });
    await api.sendMessage(9, 'второе');
    expect(tg.botMessages(9).map((m) => m.text)).toEqual(['второе']);
    // A failure for one method waits for that method; other sends go through meanwhile.
    tg.failNext(9, { error_code: 500, description: 'Internal Server Error' }, 1, 'sendPhoto');
    await api.sendMessage(9, 'третье');
    const photoFailed = await api.sendPhoto(9, new InputFile(pngHeader(10, 10), 'p.png')).catch((e: GrammyError) => e);
    expect(photoFailed).toMatchObject({ error_code: 500 });
    expect(tg.calls.map((c) => [c.method, c.ok, c.errorCode ?? null])).toEqual([
      ['sendMessage', false, 429],
      ['sendMessage', true, null],
      ['sendMessage', true, null],
      ['sendPhoto', false, 500],
    ]);
  });
});
