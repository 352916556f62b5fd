// Private things stay in private chats. In a group, a supergroup or a channel (the support desk needs the bot
// in groups) every command of the bot's menu is answered with one line asking to write in private, with a
// button into the bot, and nothing else: no sign-in link another member could spend, no export, no deletion
// prompt, no support conversation, no one's readings or settings. Installed before every feature, and it reads
// the menu's own list (BOT_COMMANDS), so a new command is covered without a line here. Operators' commands
// (/reply, /close) are not in the menu and still reach the support desk. One exception: `/reading` with a
// question is answered to the caller alone as an ephemeral message where Telegram allows (only-you.ts).
import { Composer, InlineKeyboard } from 'grammy';
import { BOT_COMMANDS } from '../commands';
import type { BotContext } from '../context';
import { answerOnlyYou } from './only-you';

export const PRIVATE_ONLY_TEXT = '🔒 Это личное — напишите мне в личные сообщения, там отвечу только вам.';

/** Commands (and `/start` parameters) whose private chat opens with a start parameter: the support desk's. */
const START_PARAM: Record<string, string> = { support: 'support', paysupport: 'support' };

const composer = new Composer<BotContext>();

composer.chatType(['group', 'supergroup', 'channel']).command(
  BOT_COMMANDS.map((c) => c.command),
  async (ctx) => {
    const command = /^\/([A-Za-z0-9_]+)/.exec(ctx.msg.text ?? '')?.[1]?.toLowerCase() ?? '';
    // A question with /reading in a group: answered to the caller alone where Telegram allows (only-you.ts).
    if (command === 'reading' && ctx.chat.type !== 'channel' && ctx.match.trim() && (await answerOnlyYou(ctx, ctx.match))) return;
    const param = START_PARAM[command === 'start' ? ctx.match.trim() : command];
    const link = `https://t.me/${ctx.me.username}${param ? `?start=${param}` : ''}`;
    await ctx.reply(PRIVATE_ONLY_TEXT, {
      reply_markup: new InlineKeyboard().url('✉️ Написать боту', link),
      reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true },
    });
  },
);

export { composer as privateOnlyFeature };
