// The user's data from the bot: /mydata sends the export as documents, /deletedata deletes everything after
// a confirmation that says what goes, what stays and why; and «Отключить напоминания» under every push.
import { Composer, InlineKeyboard, InputFile } from 'grammy';
import { REMINDERS_OFF_BUTTON } from '../../domain/app/user-data';
import type { BotContext } from '../context';

export const REMINDERS_OFF_TEXT = `🔕 ${REMINDERS_OFF_BUTTON}`;
export const REMINDERS_OFF_DATA = 'push:off';

const composer = new Composer<BotContext>();

// Each document is uploaded as it is written (InputFile takes the chunks, anew on a retry): nothing holds the file.
composer.command('mydata', async (ctx) => {
  if (!ctx.from) return;
  const opened = await ctx.deps.services.userData.openExport(ctx.from.id, ['json', 'html'], 'chat');
  try {
    // grammY types its signal as the abort-controller package's; Node's is the same at run time.
    const signal = opened.signal as Parameters<typeof ctx.replyWithDocument>[2];
    for (const f of opened.files) await ctx.replyWithDocument(new InputFile(f.chunks, f.fileName), { caption: f.caption }, signal);
  } catch (err) {
    // A file larger than Telegram takes stopped being written: the user is told where to get it instead.
    throw opened.failure() ?? err;
  } finally {
    await opened.close();
  }
});

composer.command('deletedata', async (ctx) => {
  if (!ctx.from) return;
  const { lines } = await ctx.deps.services.userData.deletionPreview(ctx.from.id);
  await ctx.reply(['🗑 <b>Удалить мои данные?</b>', '', ...lines.flatMap((l) => [l, '']), 'Это действие нельзя отменить.'].join('\n'), {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard().text('Да, удалить всё', 'data:erase').row().text('Отмена', 'data:keep'),
  });
});

composer.callbackQuery('data:erase', async (ctx) => {
  await ctx.deps.services.userData.erase(ctx.from.id);
  await ctx.answerCallbackQuery({ text: 'Данные удалены' });
  await ctx.editMessageText(
    'Ваши данные удалены. Записи о платежах сохранены без связи с вами, как требует закон. Чтобы начать заново, отправьте /start.',
  );
});

composer.callbackQuery('data:keep', async (ctx) => {
  await ctx.answerCallbackQuery({ text: 'Ничего не удалено' });
  await ctx.editMessageText('Хорошо, ничего не удалено.');
});

composer.callbackQuery(REMINDERS_OFF_DATA, async (ctx) => {
  await ctx.deps.services.users.updateSettings(ctx.from.id, { notifyDaily: false });
  await ctx.answerCallbackQuery({ text: 'Напоминания отключены' });
  await ctx.reply('🔕 Напоминания отключены. Включить их снова можно в /settings или в настройках приложения.');
});

export { composer as userDataFeature };
