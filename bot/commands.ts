// The bot's commands in one place: Telegram's command menu (setMyCommands), /help and the /start greeting all
// read this list, so a new command cannot be missing from one of them.
interface CommandInfo {
  command: string;
  /** The menu's short line. */
  description: string;
  /** The line in /help; absent for the commands /help does not list (itself and /start). */
  help?: string;
  /** Listed in the /start greeting. */
  greeting?: true;
}

const COMMANDS: readonly CommandInfo[] = [
  { command: 'start', description: 'Начать и открыть приложение' },
  {
    command: 'reading',
    description: 'Расклад в чате',
    help: 'расклад прямо в чате: выберите расклад, задайте вопрос, получите толкование',
    greeting: true,
  },
  { command: 'daily', description: 'Карта дня', help: 'карта дня', greeting: true },
  {
    command: 'settings',
    description: 'Часовой пояс, напоминания и колода',
    help: 'часовой пояс, ежедневное напоминание и колода',
    greeting: true,
  },
  { command: 'card', description: 'Библиотека карт', help: 'библиотека карт: значения каждой карты и урок дня' },
  { command: 'pair', description: 'Расклад на двоих: пригласить партнёра', help: 'расклад на двоих: пригласить партнёра' },
  {
    command: 'web',
    description: 'Войти в браузере (оплата картой)',
    help: 'войти в приложение в браузере, например чтобы оплатить картой',
  },
  { command: 'help', description: 'Что умеет бот', greeting: true },
  { command: 'paysupport', description: 'Поддержка по оплате', help: 'вопросы об оплате и возврате' },
  { command: 'support', description: 'Написать в поддержку', help: 'написать в поддержку' },
  { command: 'mydata', description: 'Скачать мои данные', help: 'скачать мои данные: расклады, заметки, настройки и платежи' },
  { command: 'deletedata', description: 'Удалить мои данные', help: 'удалить мои данные (бот сначала скажет, что удалится, и спросит)' },
  { command: 'cancel', description: 'Отменить расклад', help: 'прервать начатый расклад' },
];

/** The command list shown by Telegram, in Russian. */
export const BOT_COMMANDS = COMMANDS.map(({ command, description }) => ({ command, description }));

/** «/daily — карта дня» lines for /help. */
export const helpCommandLines = (): string[] => COMMANDS.flatMap((c) => (c.help ? [`/${c.command} — ${c.help}`] : []));

/** The few commands the /start greeting suggests. */
export const greetingCommandLines = (): string[] =>
  COMMANDS.filter((c) => c.greeting).map((c) => `/${c.command} — ${c.description.charAt(0).toLowerCase()}${c.description.slice(1)}`);
