// The bot's face, set from code at start: its name, descriptions, commands, menu button and (Bot API 10.5)
// its settings. Each is read first and written only when it differs, so a restart changes nothing and sends
// no write (Telegram limits these calls; a redeploy loop must not hit the limit).
import type { Api } from 'grammy';
import type { BotCommand, MenuButton } from 'grammy/types';
import type { Logger } from '../logger';
import { BOT_COMMANDS } from './commands';

export const BOT_NAME = 'Таро';
/** Shown in the empty chat before /start (up to 512 characters). */
export const BOT_DESCRIPTION =
  'Расклады Таро с толкованием: карта дня, расклады на любовь, работу и выбор, расклад на двоих. Задайте вопрос — карты ответят в чате или в приложении.';
/** The profile's line and the share text (up to 120 characters). */
export const BOT_SHORT_DESCRIPTION = 'Карта дня и расклады Таро с толкованием — в чате и в приложении.';

/**
 * Bot API 10.5 (22 November 2026): getMe returns BotFullInfo, and setMySettings changes the bot's settings.
 * grammY 1.46 types neither: these local types and the `raw` calls below go when grammY catches up.
 */
export interface BotFullInfo {
  id: number;
  is_bot: true;
  first_name: string;
  username: string;
  active_usernames?: string[];
  can_join_groups?: boolean;
  can_read_all_group_messages?: boolean;
  supports_inline_queries?: boolean;
  inline_query_placeholder?: string;
  supports_guest_queries?: boolean;
  has_main_web_app?: boolean;
}

/** The part of setMySettings (10.5) the bot sets; a setting left out stays as it is. */
export interface MySettings {
  supports_inline_queries?: boolean;
  inline_query_placeholder?: string;
  supports_guest_queries?: boolean;
}

interface Raw105 {
  getMe(): Promise<BotFullInfo>;
  setMySettings(settings: MySettings): Promise<true>;
}
const raw105 = (api: Api) => api.raw as unknown as Raw105;

/** What the bot needs: inline mode (cards sent from any chat) and guest mode (the card summoned in a group). */
export const BOT_SETTINGS: Required<MySettings> = {
  supports_inline_queries: true,
  inline_query_placeholder: 'Карта дня или вопрос…',
  supports_guest_queries: true,
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The settings BotFullInfo says differ from `want` (fields an older server leaves out count as different). */
function settingsToChange(info: BotFullInfo, want: MySettings): MySettings {
  const out: MySettings = {};
  for (const [k, v] of Object.entries(want) as [keyof MySettings, never][]) if (info[k] !== v) out[k] = v;
  return out;
}

interface ProfileResult {
  /** What was written (empty on a restart with nothing changed). */
  written: string[];
  /** What could not be set (logged; the bot runs on). */
  failed: string[];
}

/** Reads each part and writes what differs. `webAppUrl` null: the menu button is left as it is. */
export async function syncBotProfile(api: Api, o: { webAppUrl: string | null; logger: Logger }): Promise<ProfileResult> {
  const result: ProfileResult = { written: [], failed: [] };
  const step = async (name: string, differs: () => Promise<boolean>, write: () => Promise<unknown>) => {
    try {
      if (!(await differs())) return;
      await write();
      result.written.push(name);
    } catch (err) {
      result.failed.push(name);
      o.logger.warn({ err: String(err), part: name }, 'the bot profile could not be set');
    }
  };
  await step(
    'name',
    async () => (await api.getMyName()).name !== BOT_NAME,
    () => api.setMyName(BOT_NAME),
  );
  await step(
    'description',
    async () => (await api.getMyDescription()).description !== BOT_DESCRIPTION,
    () => api.setMyDescription(BOT_DESCRIPTION),
  );
  await step(
    'short_description',
    async () => (await api.getMyShortDescription()).short_description !== BOT_SHORT_DESCRIPTION,
    () => api.setMyShortDescription(BOT_SHORT_DESCRIPTION),
  );
  for (const language_code of [undefined, 'ru'] as const) {
    const opts = language_code ? { language_code } : {};
    await step(
      `commands${language_code ? `:${language_code}` : ''}`,
      async () => !same(await api.getMyCommands(opts), BOT_COMMANDS satisfies BotCommand[]),
      () => api.setMyCommands(BOT_COMMANDS, opts),
    );
  }
  if (o.webAppUrl) {
    const button: MenuButton = { type: 'web_app', text: 'Таро', web_app: { url: `${o.webAppUrl}/` } };
    await step(
      'menu_button',
      async () => !same(await api.getChatMenuButton(), button),
      () => api.setChatMenuButton({ menu_button: button }),
    );
  } else o.logger.warn('no https PUBLIC_URL: the bot sends no Mini App buttons');
  let change: MySettings = {};
  await step(
    'settings',
    async () => {
      change = settingsToChange(await raw105(api).getMe(), BOT_SETTINGS);
      return Object.keys(change).length > 0;
    },
    () => raw105(api).setMySettings(change),
  );
  if (result.written.length) o.logger.info({ written: result.written }, 'bot profile updated');
  return result;
}
