// «Библиотека карт» from the chat: /card opens the library, `/card Звезда` shows the card (its number,
// element, keywords and meanings) with a button that opens its page in the Mini App; a deep link
// t.me/<bot>?start=card_<id> does the same. (t.me/<bot>?startapp=card_<id> opens the page in the app directly.)
import { Composer } from 'grammy';
import { cardIdFromStartParam, cardLore, findCard, libraryCardPath } from '../../domain/tarot/card-library';
import { getCard } from '../../domain/tarot/deck';
import type { TarotCard } from '../../domain/types';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';
import { openAppButton } from '../keyboards';

const composer = new Composer<BotContext>();
const feature = composer.chatType('private');

function cardText(card: TarotCard): string {
  const lore = cardLore(card);
  return [
    `📖 <b>${escapeHtml(card.name)}</b>`,
    `${escapeHtml(lore.numberLabel)} · стихия: ${escapeHtml(lore.elementLabel)}${lore.correspondence ? ` · ${escapeHtml(lore.correspondence)}` : ''}`,
    '',
    `<b>Прямое положение:</b> ${escapeHtml(card.keywords.join(', '))}.`,
    escapeHtml(card.meaning),
    '',
    `<b>Перевёрнутое:</b> ${escapeHtml(card.reversedKeywords.join(', '))}.`,
    escapeHtml(card.reversedMeaning),
  ].join('\n');
}

async function showCard(ctx: BotContext, card: TarotCard) {
  await ctx.reply(cardText(card), {
    parse_mode: 'HTML',
    reply_markup: openAppButton(ctx.deps, '📖 Открыть карту в библиотеке', libraryCardPath(card.id)),
  });
}

feature.command('card', async (ctx) => {
  const query = ctx.match.trim().slice(0, 60);
  if (!query) {
    await ctx.reply(
      '📖 Библиотека карт: все 78 карт с картинками, значениями и тем, как часто они выпадали вам. А ещё — урок дня из трёх вопросов.\n\nНапишите /card и имя карты, например: /card Звезда',
      {
        reply_markup: openAppButton(ctx.deps, '📖 Открыть библиотеку', '/library'),
      },
    );
    return;
  }
  const card = findCard(query);
  if (!card) {
    await ctx.reply('Такой карты я не нашла. Напишите имя, например: /card Туз Кубков — или откройте всю библиотеку.', {
      reply_markup: openAppButton(ctx.deps, '📖 Открыть библиотеку', '/library'),
    });
    return;
  }
  await showCard(ctx, card);
});

// t.me/<bot>?start=card_<id>: a card's link.
feature.command('start', async (ctx, next) => {
  const id = cardIdFromStartParam(ctx.match.trim());
  const card = id ? getCard(id) : undefined;
  if (!card) return next();
  await ctx.deps.services.notifications.setReachable(ctx.from.id, true);
  await showCard(ctx, card);
});

export { composer as cardLibraryFeature };
