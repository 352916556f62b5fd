// «Второе мнение» state: the opinions asked on one reading and today's allowance (cached, each opinion
// streamed into it), whether the chooser is open, and choosing a reader: one already asked is scrolled to.
import { useState } from 'react';
import { useReadingConversation } from '../hooks/useReadingConversation';
import type { Voice } from '../../../domain/tarot/voices';
import { askSecondOpinion, listSecondOpinions, type SecondOpinionAllowance, type SecondOpinionView } from './second-opinion-api';

export type SecondOpinionItem = SecondOpinionView & { streaming?: boolean };
type List = { secondOpinions: SecondOpinionItem[]; allowance: SecondOpinionAllowance };

export function useSecondOpinion(readingId: number) {
  const { data, change, busy, error, crisis, clearCrisis, ask } = useReadingConversation<List>(
    `/api/readings/${readingId}/second-opinions`,
    () => listSecondOpinions(readingId),
  );
  const [open, setOpen] = useState(false);
  const patch = (voice: Voice, f: (it: SecondOpinionItem) => SecondOpinionItem) =>
    change((l) => ({ ...l, secondOpinions: l.secondOpinions.map((it) => (it.voice === voice ? f(it) : it)) }));
  const asked = new Set(data?.secondOpinions.map((o) => o.voice));

  const choose = (voice: Voice) => {
    if (busy) return;
    if (asked.has(voice)) {
      document.querySelector(`[data-voice="${voice}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    ask(
      () =>
        askSecondOpinion(readingId, voice, {
          onOpinion(o, a) {
            change((l) => ({
              secondOpinions: [...l.secondOpinions.filter((it) => it.voice !== o.voice), { ...o, text: '', streaming: true }],
              allowance: { ...l.allowance, ...a },
            }));
            setOpen(false);
          },
          onDelta: (text) => patch(voice, (it) => ({ ...it, text: (it.text ?? '') + text })),
          onReset: () => patch(voice, (it) => ({ ...it, text: '' })),
          onDone: (o) => patch(voice, () => ({ ...o, streaming: false })),
        }),
      (e) => {
        if (e.status === 402) change((l) => ({ ...l, allowance: { ...l.allowance, locked: true, lockedText: e.message } }));
        if (e.status === 429) change((l) => ({ ...l, allowance: { ...l.allowance, remaining: 0 } }));
      },
    );
  };

  return { data, asked, open, setOpen, busy, error, crisis, clearCrisis, choose };
}
