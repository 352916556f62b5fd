// The spread menu's state: the user's status (read fresh), what their plan opens, the limit notice, the locked
// spread being explained, the deck mode, the VIP price for the pitches, and choosing a spread.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { canUseSpread, entitlementFor, spreadLimitText } from '../../../domain/commerce/entitlement';
import type { SpreadDefinition } from '../../../domain/types';
import { chooseSpread, getFlow } from '../flow';
import { useStatus } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { haptic } from '../telegram/bridge';

export function useSpreadMenu() {
  const [, navigate] = useLocation();
  const { data, error, reload } = useStatus({ fresh: true });
  const [notice, setNotice] = useState<string | null>(null);
  const [locked, setLocked] = useState<{ spread: SpreadDefinition; vip: boolean } | null>(null);
  // «Свой расклад»: the user lays out a physical deck and enters the cards (a spread of the plan all the same).
  const [ownDeck, setOwnDeck] = useState(() => !!getFlow().ownDeck);
  const s = data?.userStatus;
  const entitlement = s ? entitlementFor(s.subscriptionType, s.special) : null;
  const noneLeft = !!s && s.remainingSpreads <= 0;
  // The VIP price for the pitches (not loaded for VIP users, who see none).
  const vipPrice = usePrices(!!s && s.subscriptionType !== 'vip' && !s.special).monthly('vip');

  function choose(spread: SpreadDefinition) {
    if (!s || !entitlement) return;
    haptic('select');
    const verdict = canUseSpread(entitlement, spread);
    if (!verdict.ok) {
      // Say why first; the subscription screen only on request.
      setLocked({ spread, vip: verdict.reason === 'needs_vip' });
      return;
    }
    if (noneLeft) {
      setNotice(spreadLimitText(spread.isFree && s.subscriptionType === 'free'));
      return;
    }
    chooseSpread(spread.id, ownDeck);
    navigate('/question');
  }

  return {
    navigate,
    data,
    error,
    reload,
    s,
    entitlement,
    noneLeft,
    vipPrice,
    notice,
    setNotice,
    locked,
    setLocked,
    ownDeck,
    setOwnDeck,
    choose,
  };
}
