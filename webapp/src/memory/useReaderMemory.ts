// «Память толкователя» state: what memory holds, and an action (the switch, a forget) that replaces it with
// the server's answer, busy while it runs and leaving the server's refusal as a message.
import { useState } from 'react';
import { ApiError } from '../api';
import { keys, useApi } from '../data';
import { haptic } from '../telegram/bridge';
import { getMemory, type MemoryView } from './memory-api';

export function useReaderMemory() {
  const { data, error, mutate } = useApi(keys.memory, getMemory);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const act = async (fn: () => Promise<MemoryView>) => {
    setBusy(true);
    setMessage(null);
    try {
      await mutate(await fn(), { revalidate: false });
      haptic('select');
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не удалось сохранить');
    } finally {
      setBusy(false);
    }
  };

  return { data, error, busy, message, act };
}
