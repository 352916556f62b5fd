// The local Telegram page's inline mode over HTTP (/dev/telegram/inline and /inline/send), with the bot's side
// played through the Bot API as the bot plays it (getUpdates, answerInlineQuery): the query reaches the bot,
// its results come back as the page lists them, a chosen one lands in the open chat «via @bot»; bad input is
// refused naming the field.
import { Api } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN } from '../../test/harness';
import { createLocalTelegram, type LocalTelegram } from './index';
import { LOCAL_GUEST_GROUP, localTelegramRoutes } from './routes';

describe('/dev/telegram inline mode', () => {
  let tg: LocalTelegram | null = null;
  afterEach(async () => {
    await tg?.close();
    tg = null;
  });

  async function start() {
    tg = createLocalTelegram({ token: TEST_BOT_TOKEN, botUsername: 'tarot_local_bot' });
    const api = new Api(TEST_BOT_TOKEN, { apiRoot: await tg.listen() });
    const page = localTelegramRoutes({ telegram: tg, signInitData: () => '' });
    const post = async (path: string, body: unknown) => {
      const res = await page.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any };
    };
    return { tg, api, post };
  }

  it('asks the bot, lists its results, and sends the chosen one into the open chat «via @bot»', async () => {
    const { tg, api, post } = await start();
    const user = { user: 77_001, name: 'Вера' };
    const asked = post('/inline', { ...user, query: ' получу ли я работу? ', chat: 'group' });
    const [update] = await api.getUpdates({ timeout: 5, allowed_updates: ['inline_query'] });
    expect(update.inline_query).toMatchObject({
      query: ' получу ли я работу? ',
      from: { id: 77_001, first_name: 'Вера' },
      chat_type: 'supergroup',
    });
    const photo = 'http://127.0.0.1:3000/card-images/sun.jpg';
    await api.answerInlineQuery(
      update.inline_query!.id,
      [
        {
          type: 'photo',
          id: 'yn:sun:upright',
          photo_url: photo,
          thumbnail_url: photo,
          title: '🔮 Да или нет: Да',
          description: 'Солнце',
          caption: '<b>Да.</b> Солнце',
          parse_mode: 'HTML',
          reply_markup: { inline_keyboard: [[{ text: 'В Таро', url: 'https://t.me/tarot_local_bot?startapp' }]] },
        },
        {
          type: 'article',
          id: 'daily:draw',
          title: '🃏 Карта дня ещё не вытянута',
          input_message_content: { message_text: 'Карта дня ждёт' },
        },
      ],
      { is_personal: true, button: { text: 'Вытянуть карту дня', start_parameter: 'daily' } },
    );
    const listed = await asked;
    expect(listed.status).toBe(200);
    expect(listed.body.data.results).toEqual([
      { id: 'yn:sun:upright', type: 'photo', title: '🔮 Да или нет: Да', description: 'Солнце', thumbnail: photo },
      { id: 'daily:draw', type: 'article', title: '🃏 Карта дня ещё не вытянута', description: '', thumbnail: null },
    ]);
    expect(listed.body.data.button).toBe('Вытянуть карту дня');

    const queryId = listed.body.data.queryId;
    expect((await post('/inline/send', { ...user, queryId, resultId: 'yn:sun:upright', chat: 'group' })).status).toBe(200);
    const [sent] = tg.chatState(LOCAL_GUEST_GROUP.id).messages;
    expect(sent).toMatchObject({
      from: 'user',
      viaBot: true,
      author: { id: 77_001 },
      text: 'Да. Солнце',
      html: `<img src="${photo}" alt=""><br><b>Да.</b> Солнце`,
    });
    expect(sent.reply_markup.inline_keyboard[0][0].text).toBe('В Таро');
    // Into the chat with the bot: the article's text.
    expect((await post('/inline/send', { ...user, queryId, resultId: 'daily:draw' })).status).toBe(200);
    expect(tg.chatState(77_001).messages.at(-1)).toMatchObject({ from: 'user', viaBot: true, text: 'Карта дня ждёт' });

    // Someone else's query, or a result it does not have: not found.
    expect(await post('/inline/send', { user: 77_002, name: 'Анна', queryId, resultId: 'daily:draw' })).toMatchObject({
      status: 404,
      body: { success: false },
    });
    expect((await post('/inline/send', { ...user, queryId, resultId: 'nope' })).body.error).toMatch(/^resultId: /);
  });

  it('names the field of bad input', async () => {
    const { post } = await start();
    expect((await post('/inline', { user: 'x', query: '' })).body.error).toMatch(/^user: /);
    expect((await post('/inline', { user: 1, query: 'a'.repeat(257) })).body.error).toMatch(/^query: /);
    expect((await post('/inline/send', { user: 1, queryId: 'not-an-id', resultId: 'r' })).body.error).toMatch(/^queryId: /);
    expect((await post('/inline/send', { user: 1, queryId: crypto.randomUUID(), resultId: '' })).status).toBe(400);
  });

  it('«Rich: нет» makes this user’s client refuse rich messages, and «Rich: да» takes them again', async () => {
    const { api, post } = await start();
    const blocks = [{ type: 'paragraph' as const, text: 'Расклад' }];
    expect((await post('/rich', { user: 77_010, supported: false })).status).toBe(200);
    expect(tg!.chatState(77_010).richMessages).toBe(false);
    await expect(api.sendRichMessage(77_010, { blocks })).rejects.toThrow(/RICH_MESSAGE_UNSUPPORTED/);
    await expect(api.sendRichMessageDraft(77_010, 5, { blocks })).rejects.toThrow(/TEXTDRAFT_PEER_INVALID/);
    expect((await post('/rich', { user: 77_010, supported: true })).status).toBe(200);
    const m = await api.sendRichMessage(77_010, { blocks });
    expect(m.rich_message).toEqual({ blocks });
    expect(tg!.botMessages(77_010).at(-1)?.html).toBe('<div class="rich"><p>Расклад</p></div>');
    expect((await post('/rich', { user: 77_010, supported: 'yes' })).body.error).toMatch(/^supported: /);
  });
});
