// Bot API methods for the bot's own setup: who it is, its commands, descriptions and menu button.
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
    setMyDescription: () => true,
    setMyShortDescription: () => true,
    setMyName: () => true,

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
