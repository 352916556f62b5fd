// /settings: the time zone (quotas and the reminder follow the user's local day), the daily reminder, the deck and
// «Перевёрнутые карты» (off: every card is dealt upright),
// switched with inline buttons and stored through the users service, as the app's PUT /api/user/settings.
import { Composer, InlineKeyboard } from 'grammy';
import { DECK_INFO, DECKS, isDeckId } from '../../domain/tarot/decks';
import { isValidTimeZone } from '../../domain/text/time';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';

const composer = new Composer<BotContext>();

/** Zones offered in the chat; the app can set any IANA zone (it reports the device's). */
export const TIME_ZONES: { id: string; label: string }[] = [
  { id: 'Europe/Kaliningrad', label: 'Калининград' },
  { id: 'Europe/Moscow', label: 'Москва' },
  { id: 'Europe/Samara', label: 'Самара' },
  { id: 'Asia/Yekaterinburg', label: 'Екатеринбург' },
  { id: 'Asia/Omsk', label: 'Омск' },
  { id: 'Asia/Novosibirsk', label: 'Новосибирск' },
  { id: 'Asia/Krasnoyarsk', label: 'Красноярск' },
  { id: 'Asia/Irkutsk', label: 'Иркутск' },
  { id: 'Asia/Yakutsk', label: 'Якутск' },
  { id: 'Asia/Vladivostok', label: 'Владивосток' },
  { id: 'Asia/Magadan', label: 'Магадан' },
  { id: 'Asia/Kamchatka', label: 'Камчатка' },
  { id: 'Europe/Minsk', label: 'Минск' },
  { id: 'Europe/Kyiv', label: 'Киев' },
  { id: 'Asia/Almaty', label: 'Алматы' },
  { id: 'Asia/Tashkent', label: 'Ташкент' },
  { id: 'Asia/Tbilisi', label: 'Тбилиси' },
  { id: 'Asia/Yerevan', label: 'Ереван' },
  { id: 'Europe/Berlin', label: 'Берлин' },
  { id: 'America/New_York', label: 'Нью-Йорк' },
].filter((z) => isValidTimeZone(z.id));

async function settingsView(ctx: BotContext, userId: number) {
  const status = await ctx.deps.services.users.settings(userId);
  const zone = TIME_ZONES.find((z) => z.id === status.timeZone)?.label ?? status.timeZone;
  const text = [
    '⚙️ <b>Настройки</b>',
    '',
    `🌍 Часовой пояс: ${escapeHtml(zone)} (сейчас ${status.localTime})`,
    `🔔 Напоминание о карте дня: ${status.notifyDaily ? `включено, в ${status.reminderTime}` : 'выключено'}`,
    `🃏 Колода: ${DECK_INFO[status.deck].name}${status.deck === 'rws' ? ` — ${DECK_INFO.rws.credit}` : ''}`,
    `🔄 Перевёрнутые карты: ${status.reversals ? 'включены' : 'выключены, все карты ложатся прямо'}`,
    '',
    'Лимиты раскладов обновляются в полночь по вашему времени.',
  ].join('\n');
  const keyboard = new InlineKeyboard()
    .text(status.notifyDaily ? '🔕 Выключить напоминание' : '🔔 Включить напоминание', `set:notify:${status.notifyDaily ? 0 : 1}`)
    .row()
    .text('🌍 Сменить часовой пояс', 'set:tz')
    .row()
    .text(status.reversals ? '🔄 Выключить перевёрнутые карты' : '🔄 Включить перевёрнутые карты', `set:rev:${status.reversals ? 0 : 1}`)
    .row();
  // The deck: a button for each, the chosen one marked.
  for (const id of DECKS) keyboard.text(`${id === status.deck ? '✅ ' : ''}${DECK_INFO[id].name}`, `set:deck:${id}`);
  return { text, keyboard };
}

function zonesKeyboard(): InlineKeyboard {
  const kb = new InlineKeyboard();
  TIME_ZONES.forEach((z, i) => {
    kb.text(z.label, `set:tz:${i}`);
    if (i % 2 === 1) kb.row();
  });
  return kb.row().text('← Назад', 'set:back');
}

composer.command('settings', async (ctx) => {
  if (!ctx.from) return;
  const view = await settingsView(ctx, ctx.from.id);
  await ctx.reply(view.text, { parse_mode: 'HTML', reply_markup: view.keyboard });
});

async function showSettings(ctx: BotContext, toast?: string) {
  const view = await settingsView(ctx, ctx.from!.id);
  await ctx.answerCallbackQuery(toast ? { text: toast } : undefined);
  await ctx.editMessageText(view.text, { parse_mode: 'HTML', reply_markup: view.keyboard }).catch(ignoreNotModified);
}

composer.callbackQuery(/^set:notify:([01])$/, async (ctx) => {
  const on = ctx.match[1] === '1';
  await ctx.deps.services.users.updateSettings(ctx.from.id, { notifyDaily: on });
  await showSettings(ctx, on ? 'Напоминание включено' : 'Напоминание выключено');
});

composer.callbackQuery(/^set:rev:([01])$/, async (ctx) => {
  const on = ctx.match[1] === '1';
  await ctx.deps.services.users.updateSettings(ctx.from.id, { reversals: on });
  await showSettings(ctx, on ? 'Перевёрнутые карты включены' : 'Перевёрнутые карты выключены');
});

composer.callbackQuery(/^set:deck:(\w{1,16})$/, async (ctx) => {
  const deck = ctx.match[1];
  if (!isDeckId(deck)) return ctx.answerCallbackQuery({ text: 'Такой колоды нет' });
  await ctx.deps.services.users.updateSettings(ctx.from.id, { deck });
  await showSettings(ctx, `Колода: ${DECK_INFO[deck].name}`);
});

composer.callbackQuery('set:tz', async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText('🌍 Выберите часовой пояс:', { reply_markup: zonesKeyboard() }).catch(ignoreNotModified);
});

composer.callbackQuery(/^set:tz:(\d{1,2})$/, async (ctx) => {
  const zone = TIME_ZONES[Number(ctx.match[1])];
  if (!zone) return ctx.answerCallbackQuery({ text: 'Такого часового пояса нет в списке' });
  await ctx.deps.services.users.updateSettings(ctx.from.id, { timeZone: zone.id });
  await showSettings(ctx, `Часовой пояс: ${zone.label}`);
});

composer.callbackQuery('set:back', (ctx) => showSettings(ctx));

/** Tapping a button twice asks for an edit to the same text: Telegram refuses it, nothing is wrong. */
function ignoreNotModified(err: unknown) {
  if (!String((err as Error)?.message).includes('message is not modified')) throw err;
}

export { composer as settingsFeature };
