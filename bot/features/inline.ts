// Inline mode: `@bot` in any chat. With an empty query it offers the user's own card of the day when it was
// already drawn (the same card as in the app; inline never draws it, so the ritual on home stays first),
// otherwise a result that opens the bot to draw it. With a question it offers «Да или нет»: one card and
// what it says (services.yesNo decides; a crisis gets help lines and no card, a health, pregnancy, death or
// court question no yes or no). Results carry the card's picture (JPEG, as Telegram requires for a photo by
// URL) and a link into the app; they are personal and cached until the user's day ends. Typing @bot makes no
// user row (the profile middleware skips inline queries): a stranger is answered with the defaults.
import { Composer, InlineKeyboard } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import type { DealtCardView } from '../../services/readings';
import { cardResult, cut, questionHtml, questionTitle } from '../card-result';
import type { BotContext } from '../context';
import { crisisHtml } from '../crisis';
import { escapeHtml } from '../format';

/** Cached by Telegram (on its own, real clock) for this user until their day ends: at least a minute, at most a day. */
const cacheSeconds = (resetsAt: string) => Math.max(60, Math.min(86_400, Math.floor((new Date(resetsAt).getTime() - Date.now()) / 1000)));
/** The result's description. */
const DESCRIPTION_MAX = 120;

const cardName = (c: DealtCardView) => `${c.name}${c.reversed ? ' (перевёрнутая)' : ''}`;
const plain = (markdown: string) => markdown.replace(/\*\*/g, '');

const composer = new Composer<BotContext>();

composer.on('inline_query', async (ctx) => {
  const userId = ctx.inlineQuery.from.id;
  const bot = `https://t.me/${ctx.me.username}`;
  const base = ctx.deps.webAppUrl();
  const question = ctx.inlineQuery.query.trim();
  const results: InlineQueryResult[] = [];
  let resetsAt: string | null = null;

  if (question) {
    const said = await ctx.deps.services.yesNo.ask(userId, question);
    if (said.kind === 'crisis') {
      // Help, and nothing else: no card, not even the day's.
      ctx.deps.logger.info({ crisis: true, via: 'bot_inline' }, 'crisis answer: help lines instead of cards');
      const first = said.crisis.lines[0];
      await ctx.answerInlineQuery(
        [
          {
            type: 'article',
            id: `crisis:${said.crisis.kind}`,
            title: '💛 Сейчас важнее поддержка, а не карты',
            description: `${first.phone} — ${first.name}, ${first.note}`,
            input_message_content: { message_text: crisisHtml(said.crisis, false), parse_mode: 'HTML' },
          },
        ],
        { cache_time: 60, is_personal: true },
      );
      return;
    }
    if (said.kind === 'card') {
      resetsAt = said.resetsAt;
      const c = said.card;
      results.push(
        cardResult(base, {
          id: `yn:${c.cardId}:${c.orientation}`,
          title: questionTitle(said.verdict, cardName(c)),
          description: cut(`${cardName(c)}. ${plain(said.text)}`, DESCRIPTION_MAX),
          html: questionHtml({ question: said.question, cardTitle: cardName(c), verdict: said.verdict, text: said.text, care: said.care }),
          card: c,
          markup: new InlineKeyboard()
            .url(`🃏 ${c.name}: значение карты`, `${bot}?startapp=card_${c.cardId}`)
            .row()
            .url('🔮 Полный расклад в Таро', `${bot}?startapp`),
        }),
      );
    }
  }

  // A caller who never opened the bot or the app has no row (none is made for typing @bot): no card of the day yet.
  const known = await ctx.deps.services.users.findUser(userId);
  const daily = known ? await ctx.deps.services.dailyCard.availability(userId) : null;
  const open = (text: string) => new InlineKeyboard().url(text, `${bot}?start=daily`);
  if (daily?.today) {
    const c = daily.today.card;
    const name = cardName(c);
    results.push(
      cardResult(base, {
        id: `daily:${daily.today.date}`,
        title: `🃏 Моя карта дня: ${name}`,
        description: cut(c.meaning, DESCRIPTION_MAX),
        html: `🃏 <b>Моя карта дня: ${escapeHtml(name)}</b>\n\n${escapeHtml(c.meaning)}`,
        card: c,
        markup: open('🔮 Вытянуть свою карту'),
      }),
    );
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
  const until = resetsAt ?? daily?.resetsAt;
  await ctx.answerInlineQuery(results, {
    // A stranger's answer is kept a minute: once they open the bot and draw their card, inline offers it.
    cache_time: until ? cacheSeconds(until) : 60,
    is_personal: true,
    button: daily?.today ? undefined : { text: 'Вытянуть карту дня', start_parameter: 'daily' },
  });
});

export const inlineFeature = composer;
