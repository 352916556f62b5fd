// The state of «Расклад на двоих» (Pairs.tsx): the invitation the app was opened with and its consent, and
// making a new invitation — sent with Telegram's chooser of a person (requestChat, 9.6+), the prepared message
// (shareMessage) or the share sheet.
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { useLocation } from 'wouter';
import { ApiError } from '../api';
import { useApi } from '../data';
import { useStatus } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { readLaunchParams } from '../telegram/launch';
import { openTelegramLink, shareMessage } from '../telegram/methods';
import { requestChat, requestChatSupported } from '../telegram/request-chat';
import { acceptInvitation, createInvitation, getInvitation, pairKeys, type Invitation } from './pairs-api';

const HANDLED = 'pair-invite-handled';

/** The invitation token the app was opened with, unless already accepted or declined in this session. */
export function pendingToken(): string | null {
  const p = readLaunchParams().startParam ?? new URLSearchParams(location.search).get('invite');
  if (!p?.startsWith('pair_')) return null;
  const token = p.slice(5);
  return sessionStorage.getItem(HANDLED) === token ? null : token;
}

/** Someone's invitation: what it offers, accepting it (then the pair's screen) or putting it aside for this session. */
export function useConsent(token: string, onDone: () => void) {
  const [, navigate] = useLocation();
  const { data, error } = useApi(`/api/pairs/invitations/${token}`, () => getInvitation(token));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const close = () => {
    sessionStorage.setItem(HANDLED, token);
    onDone();
  };
  const accept = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const pair = await acceptInvitation(token);
      sessionStorage.setItem(HANDLED, token);
      void mutate(pairKeys.list);
      navigate(`/pairs/${pair.id}`);
    } catch (e) {
      setFailed(e instanceof ApiError ? e.message.replace(/^token: /, '') : 'Не получилось принять приглашение.');
      setBusy(false);
    }
  };
  return { data, error, busy, failed, close, accept };
}

/** A new invitation (VIP's, said with the price before the tap) and how it went out. */
export function usePairInvite() {
  const status = useStatus().data?.userStatus;
  const vip = !status || status.subscriptionType === 'vip' || status.special;
  const vipPrice = usePrices(!vip).monthly('vip');
  const [inv, setInv] = useState<Invitation | null>(null);
  const [failed, setFailed] = useState<ApiError | null>(null);
  // Telegram 9.6+: the partner is chosen from the user's contacts and the bot sends them the invitation.
  const [canChoose, setCanChoose] = useState(false);
  const [chosen, setChosen] = useState<'sent' | 'refused' | null>(null);
  useEffect(() => {
    void requestChatSupported().then(setCanChoose);
  }, []);
  const make = async (choose: boolean) => {
    setFailed(null);
    setChosen(null);
    try {
      const i = await createInvitation();
      setInv(i);
      if (choose) {
        if (i.partnerButtonId && (await requestChat(i.partnerButtonId)) === 'sent') return setChosen('sent');
        // Closed or refused: the invitation goes out as it does without the choice.
        setChosen('refused');
      }
      // Telegram's own chooser of a chat (shareMessage) when the bot prepared the message; else its share sheet.
      if (i.preparedMessageId && (await shareMessage(i.preparedMessageId))) return;
      if (i.link)
        openTelegramLink(
          `https://t.me/share/url?url=${encodeURIComponent(i.link)}&text=${encodeURIComponent('Давай посмотрим расклад на двоих')}`,
        );
    } catch (e) {
      setFailed(e instanceof ApiError ? e : new ApiError(0, 'Не получилось создать приглашение.'));
    }
  };
  return { vip, vipPrice, inv, failed, canChoose, chosen, make };
}
