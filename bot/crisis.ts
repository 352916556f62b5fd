// The crisis answer in the chat: the warm message, the help lines (tappable numbers) and the offer to come
// back to the cards later. Only the fact is logged, never the user's text.
import type { Api } from 'grammy';
import type { CrisisAnswer } from '../domain/reading/crisis';
import type { BotDeps } from './context';
import { escapeHtml } from './format';

/** `inChat` false for a message sent elsewhere (inline): no pointer to the chat's /reading. */
export function crisisHtml(a: CrisisAnswer, inChat = true): string {
  return [
    escapeHtml(a.message),
    '',
    ...a.lines.map((l) => `📞 <b>${escapeHtml(l.phone)}</b> — ${escapeHtml(l.name)}: ${escapeHtml(l.note)}.`),
    '',
    inChat ? `${escapeHtml(a.returnLater)} Расклад в чате: /reading` : 'Когда станет полегче, возвращайтесь к картам — они подождут.',
  ].join('\n');
}

/** Sends the crisis answer; `via` says where it came from (for the count). */
export async function sendCrisis(api: Api, deps: BotDeps, chatId: number, a: CrisisAnswer, via: string): Promise<void> {
  deps.logger.info({ crisis: true, via }, 'crisis answer: help lines instead of cards');
  await api.sendMessage(chatId, crisisHtml(a), { parse_mode: 'HTML' });
}
