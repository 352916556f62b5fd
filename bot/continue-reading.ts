// «Продолжить расклад» in the chat: a reading dealt in the Mini App and never read is offered back (/start,
// /reading), opening the same table with the same cards turned (`/cards?reading=<id>`).
import type { BotContext } from './context';
import { openAppButton } from './keyboards';

export async function offerContinue(ctx: BotContext): Promise<void> {
  const from = ctx.from;
  if (!from || ctx.chat?.type !== 'private') return;
  const r = await ctx.deps.services.readings.inProgress(from.id);
  const button = r ? openAppButton(ctx.deps, '🃏 Продолжить расклад', `/cards?reading=${r.id}`) : undefined;
  if (!r || !button) return;
  await ctx.reply(`Ваш расклад «${r.spreadName}» ждёт: открыто ${r.turned} из ${r.total}. Вопрос: «${r.question}».`, {
    reply_markup: button,
  });
}
