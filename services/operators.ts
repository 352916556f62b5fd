// Where messages for the operators go. Today: ADMIN_USER_IDS, each in their private chat with the bot (they
// must have started it). A support chat from the configuration would be added here, and every feature that
// writes to the operators (reviews to publish) follows.
import type { ServiceDeps } from './deps';

export function operatorChats(deps: Pick<ServiceDeps, 'adminUserIds'>): number[] {
  return [...(deps.adminUserIds ?? [])];
}
