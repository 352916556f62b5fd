// «Свои расклады» state: the user's spreads, the one being designed (null spread for a new one), and the
// message an action leaves (a shared link, or the server's refusal).
import { useState } from 'react';
import { ApiError } from '../api';
import { useApi } from '../data';
import { getMySpreads, type MySpread, shareSpread, spreadKeys } from './spreads-api';

export function useMySpreads() {
  const { data, error, mutate, reload } = useApi(spreadKeys.list, getMySpreads);
  const [editing, setEditing] = useState<{ spread: MySpread | null } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const act = async (fn: () => Promise<unknown>, done?: string) => {
    setMessage(null);
    try {
      await fn();
      if (done) setMessage(done);
      await mutate();
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Не получилось');
    }
  };
  const share = (s: MySpread) =>
    act(async () => {
      const r = await shareSpread(s.id);
      const url = r.link ?? new URL(r.path, location.origin).toString();
      await navigator.clipboard?.writeText(url).catch(() => {});
      setMessage(`Ссылка скопирована: ${url}`);
    });

  return { data, error, mutate, reload, editing, setEditing, message, act, share };
}
