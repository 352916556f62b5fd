// Bot API methods for the bot's own setup: who it is (getMe gives BotFullInfo, 10.5), its settings
// (setMySettings, 10.5), commands, name, descriptions and menu button, each readable back as in Telegram.
import { bad, type Params } from '../rules';
import type { Store } from '../store';
import type { MethodTable } from './table';

const commandsKey = (p: Params) => `${p.scope?.type ?? 'default'}:${p.language_code ?? ''}`;

export function setupMethods(store: Store): MethodTable {
  return {
    getMe: () => store.me,
    logOut: () => true,
    close: () => true,

    setMyCommands(p) {
      if (!Array.isArray(p.commands)) throw bad('commands must be an array');
      for (const c of p.commands) {
        if (!/^[a-z0-9_]{1,32}$/.test(String(c?.command))) throw bad('BOT_COMMAND_INVALID');
        if (typeof c.description !== 'string' || c.description.length < 1 || c.description.length > 256)
          throw bad('BOT_COMMAND_DESCRIPTION_INVALID');
      }
      store.commands[commandsKey(p)] = p.commands;
      return true;
    },
    getMyCommands: (p) => store.commands[commandsKey(p)] ?? [],
    deleteMyCommands(p) {
      delete store.commands[commandsKey(p)];
      return true;
    },
    setMyName(p) {
      const name = String(p.name ?? '');
      if (name.length > 64) throw bad('BOT_NAME_INVALID');
      store.profile.name = name;
      if (name) store.me.first_name = name;
      return true;
    },
    getMyName: () => ({ name: store.profile.name || store.me.first_name }),
    setMyDescription(p) {
      const d = String(p.description ?? '');
      if (d.length > 512) throw bad('BOT_DESCRIPTION_INVALID');
      store.profile.description = d;
      return true;
    },
    getMyDescription: () => ({ description: store.profile.description }),
    setMyShortDescription(p) {
      const d = String(p.short_description ?? '');
      if (d.length > 120) throw bad('BOT_SHORT_DESCRIPTION_INVALID');
      store.profile.shortDescription = d;
      return true;
    },
    getMyShortDescription: () => ({ short_description: store.profile.shortDescription }),

    // Bot API 10.5: settings not given stay as they are; getMe reports them.
    setMySettings(p) {
      const bools = ['supports_inline_queries', 'supports_guest_queries', 'can_join_groups', 'can_read_all_group_messages'] as const;
      for (const k of bools) if (p[k] !== undefined) (store.me as Record<string, unknown>)[k] = p[k] === true || p[k] === 'true';
      if (p.inline_query_placeholder !== undefined) {
        const v = String(p.inline_query_placeholder);
        if (v.length > 64) throw bad('INLINE_PLACEHOLDER_INVALID');
        (store.me as Record<string, unknown>).inline_query_placeholder = v || undefined;
      }
      return true;
    },

    setChatMenuButton(p) {
      const b = p.menu_button ?? { type: 'default' };
      if (b.type === 'web_app' && (!b.text || !/^https?:\/\//.test(String(b.web_app?.url)))) throw bad('BUTTON_URL_INVALID');
      if (p.chat_id === undefined) store.defaultMenuButton = b;
      else {
        const c = store.chat(Number(p.chat_id));
        c.menuButton = b;
        store.touch(c);
      }
      return true;
    },
    getChatMenuButton: (p) =>
      p.chat_id === undefined ? store.defaultMenuButton : (store.chats.get(Number(p.chat_id))?.menuButton ?? store.defaultMenuButton),
  };
}
