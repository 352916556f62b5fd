// Who is an operator (ADMIN_USER_IDS): the one check behind refunds, the micro flow's debug view, the app's
// debug overlay and the bot's /stats.
import type { ServiceDeps } from './deps';
import { ServiceError } from './errors';

export function createAdminService(deps: Pick<ServiceDeps, 'adminUserIds'>) {
  const isAdmin = (userId: number) => (deps.adminUserIds ?? []).includes(userId);
  return {
    isAdmin,
    /** 403 for anyone but an operator. */
    requireAdmin(userId: number): void {
      if (!isAdmin(userId)) throw new ServiceError('forbidden', 'Только для администраторов');
    },
  };
}
