// web_app_data: the Mini App, opened from the reply-keyboard button, sends a small JSON message (sendData)
// and closes. It is untrusted input: parsed with zod, and only the sender's own readings are shown.
import { Composer } from 'grammy';
import * as z from 'zod';
import type { BotContext } from '../context';
import { escapeHtml } from '../format';
import { openAppButton } from '../keyboards';

const readingId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const webAppData = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reading'), readingId }),
  z.object({ type: z.literal('daily') }),
]);

export type WebAppData = z.infer<typeof webAppData>;

function parse(raw: string): WebAppData | null {
  if (raw.length > 4096) return null;
  try {
    const r = webAppData.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const composer = new Composer<BotContext>();

composer.on('message:web_app_data', async (ctx) => {
  const data = parse(ctx.message.web_app_data.data);
  if (!data) {
    await ctx.reply('Не удалось прочитать данные из приложения. Попробуйте ещё раз или откройте приложение заново.');
    return;
  }
  if (data.type === 'daily') {
    await ctx.reply('🃏 Карта дня ждёт вас: /daily — прямо в чате, или в приложении.', {
      reply_markup: openAppButton(ctx.deps, '🃏 Карта дня', '/daily-card'),
    });
    return;
  }
  // Someone else's or a missing reading: the ServiceError's Russian message is the reply (error boundary).
  const r = await ctx.deps.services.readings.get(ctx.from.id, data.readingId);
  const cards = r.cards.map(
    (c, i) => `${i + 1}. ${escapeHtml(c.positionName)}: <b>${escapeHtml(c.name)}</b>${c.reversed ? ' (перевёрнутая)' : ''}`,
  );
  const summary = r.interpretation ? escapeHtml(firstParagraph(r.interpretation)) : 'Толкование ждёт вас в приложении.';
  await ctx.reply([`🔮 <b>${escapeHtml(r.spreadName)}</b>`, `Вопрос: «${escapeHtml(r.question)}»`, '', ...cards, '', summary].join('\n'), {
    parse_mode: 'HTML',
    reply_markup: openAppButton(ctx.deps, '📖 Открыть расклад', `/history/${r.id}`),
  });
});

/** A short excerpt of the interpretation: its first paragraph that is not a heading, at most 600 characters. */
function firstParagraph(text: string): string {
  const para = text
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/^#{1,6}\s+.*$/gm, '')
        .replace(/\*\*|__|\*/g, '')
        .trim(),
    )
    .find((p) => p.length > 0);
  if (!para) return '';
  return para.length > 600 ? `${para.slice(0, 597).trimEnd()}…` : para;
}

export { composer as webAppDataFeature };
