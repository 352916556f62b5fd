// The bot's profile set from code at start (bot/bot-profile.ts) against the local Telegram over HTTP: the
// first start writes the name, descriptions, commands, menu button and the Bot API 10.5 settings; a restart
// reads them back and writes nothing; one part changed elsewhere (at BotFathers's) is written back alone; a
// refused part is logged and the rest still set.
import pino from 'pino';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN } from '../test/harness';
import { createTestTelegram, type TestTelegram } from '../test/test-telegram';
import { BOT_DESCRIPTION, BOT_NAME, BOT_SETTINGS, BOT_SHORT_DESCRIPTION, type BotFullInfo, syncBotProfile } from './bot-profile';
import { BOT_COMMANDS } from './commands';

const WRITES = ['setMyName', 'setMyDescription', 'setMyShortDescription', 'setMyCommands', 'setChatMenuButton', 'setMySettings'];
const logger = pino({ level: 'silent' });

describe('the bot profile at start', () => {
  let tg: TestTelegram;
  let api: Api;
  beforeAll(async () => {
    tg = createTestTelegram({ token: TEST_BOT_TOKEN, botName: 'Новый бот' });
    await tg.listen();
    api = new Api(TEST_BOT_TOKEN, { apiRoot: tg.apiRoot });
  });
  afterAll(async () => {
    await tg?.close();
  });
  const writesSince = (n: number) => tg.calls.slice(n).filter((c) => WRITES.includes(c.method));

  it('the first start writes every part; getMe then reports the 10.5 settings', async () => {
    const r = await syncBotProfile(api, { webAppUrl: 'https://tarot.example', logger });
    expect(r.failed).toEqual([]);
    expect(r.written).toEqual(['name', 'description', 'short_description', 'commands', 'commands:ru', 'menu_button', 'settings']);
    expect((await api.getMyName()).name).toBe(BOT_NAME);
    expect((await api.getMyDescription()).description).toBe(BOT_DESCRIPTION);
    expect((await api.getMyShortDescription()).short_description).toBe(BOT_SHORT_DESCRIPTION);
    expect(await api.getMyCommands({ language_code: 'ru' })).toEqual(BOT_COMMANDS);
    expect(await api.getChatMenuButton()).toEqual({ type: 'web_app', text: 'Таро', web_app: { url: 'https://tarot.example/' } });
    const me = (await api.raw.getMe()) as unknown as BotFullInfo;
    expect(me).toMatchObject(BOT_SETTINGS);
    const settings = tg.calls.find((c) => c.method === 'setMySettings');
    expect(settings?.params).toMatchObject(BOT_SETTINGS);
  });

  it('a restart reads everything back and writes nothing', async () => {
    const before = tg.calls.length;
    const r = await syncBotProfile(api, { webAppUrl: 'https://tarot.example', logger });
    expect(r).toEqual({ written: [], failed: [] });
    expect(writesSince(before)).toEqual([]);
  });

  it('a part changed elsewhere is written back alone, a setting with only what differs', async () => {
    await api.setMyShortDescription('другое');
    await (api.raw as unknown as { setMySettings(s: object): Promise<true> }).setMySettings({ supports_guest_queries: false });
    const before = tg.calls.length;
    const r = await syncBotProfile(api, { webAppUrl: 'https://tarot.example', logger });
    expect(r.written).toEqual(['short_description', 'settings']);
    const writes = writesSince(before);
    expect(writes.map((c) => c.method)).toEqual(['setMyShortDescription', 'setMySettings']);
    expect(writes[1].params).toEqual({ supports_guest_queries: true });
  });

  it('a new public address moves the menu button only', async () => {
    const before = tg.calls.length;
    const r = await syncBotProfile(api, { webAppUrl: 'https://new.example', logger });
    expect(r.written).toEqual(['menu_button']);
    expect(writesSince(before).map((c) => c.method)).toEqual(['setChatMenuButton']);
  });
});
