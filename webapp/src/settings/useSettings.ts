// Settings' state: the user's status (fresh), the deck, and the choice or switch being saved (one at a time),
// leaving the server's refusal as a message.
import { useState } from 'react';
import type { DeckId } from '../../../domain/tarot/decks';
import { ApiError, putSettings } from '../api';
import { chooseDeck, useDeck } from '../deck';
import { setStatus, useStatus } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';

export function useSettings() {
  const { data, error, reload } = useStatus({ fresh: true });
  const deck = useDeck();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const s = data?.userStatus;

  const pick = async (id: DeckId) => {
    if (id === deck || busy) return;
    setBusy(id);
    setMessage(null);
    try {
      await chooseDeck(id);
      haptic('select');
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(null);
    }
  };

  const toggle = async (setting: 'notifyDaily' | 'reversals') => {
    if (!s || busy) return;
    setBusy(setting);
    setMessage(null);
    try {
      const { userStatus } = await putSettings({ [setting]: !s[setting] });
      setStatus(userStatus);
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(null);
    }
  };

  return { data, error, reload, deck, busy, message, s, pick, toggle };
}
