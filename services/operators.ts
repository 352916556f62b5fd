// The operators, in one place: where messages for them go (the support chat, SUPPORT_CHAT_ID, or else each of
// ADMIN_USER_IDS in their private chat with the bot, which they must have started), and who acts as one
// (anyone writing in the support chat, an admin anywhere). The support desk and the reviews to publish follow it.
import type { ServiceDeps } from './deps';

type OperatorDeps = Pick<ServiceDeps, 'adminUserIds' | 'supportChatId'>;

export function operatorChats(deps: OperatorDeps): number[] {
  return deps.supportChatId !== undefined ? [deps.supportChatId] : [...(deps.adminUserIds ?? [])];
}

/** Whether `fromId`, acting in `chatId`, is an operator. */
export function isOperator(deps: OperatorDeps, chatId: number, fromId: number): boolean {
  return (deps.supportChatId !== undefined && chatId === deps.supportChatId) || (deps.adminUserIds ?? []).includes(fromId);
}
