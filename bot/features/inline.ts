// Inline mode: `@bot` in any chat. With an empty query it offers the user's own card of the day when it was
// already drawn (the same card as in the app; inline never draws it, so the ritual on home stays first),
// otherwise a result that opens the bot to draw it. Answers are personal and cached until the user's day
// ends. (The «Да или нет» card for a typed question and the card picture are not built yet.)
import { Composer, InlineKeyboard } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';

/** Cached by Telegram (on its own, real clock) for this user until their day ends: at least a minute, at most a day. */
const cacheSeconds = (resetsAt: string) => Math.max(60, Math.min(86_400, Math.floor((new Date(resetsAt).getTime() - Date.now()) / 1000)));

const composer = new Composer<BotContext>();

composer.on('inline_query', async (ctx) => {
  const userId = ctx.inlineQuery.from.id;
  const link = `https://t.me/${ctx.me.username}?start=daily`;
  const open = (text: string) => new InlineKeyboard().url(text, link);
  const daily = await ctx.deps.services.dailyCard.availability(userId);
  const results: InlineQueryResult[] = [];
  if (daily.today) {
    const c = daily.today.card;
    const name = `${c.name}${c.reversed ? ' (перевёрнутая)' : ''}`;
    results.push({
      type: 'article',
      id: `daily:${daily.today.date}`,
      title: `🃏 Моя карта дня: ${name}`,
      description: c.meaning.slice(0, 120),
      input_message_content: { message_text: `🃏 <b>Моя карта дня: ${escapeHtml(name)}</b>\n\n${escapeHtml(c.meaning)}`, parse_mode: 'HTML' },
      reply_markup: open('🔮 Вытянуть свою карту'),
    });
  } else {
    results.push({
      type: 'article',
      id: 'daily:draw',
      title: '🃏 Карта дня ещё не вытянута',
      description: 'Откройте бота, чтобы вытянуть её, — потом её можно будет отправить сюда',
      input_message_content: { message_text: '🃏 Карта дня ждёт в Таро — вытяните свою.' },
      reply_markup: open('🔮 Вытянуть карту дня'),
    });
  }
  await ctx.answerInlineQuery(results, {
    cache_time: cacheSeconds(daily.resetsAt),
    is_personal: true,
    button: daily.today ? undefined : { text: 'Вытянуть карту дня', start_parameter: 'daily' },
  });
});

export const inlineFeature = composer;
