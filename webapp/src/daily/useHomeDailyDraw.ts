// Drawing today's card from home: a tap is the draw (the server deals, the status learns of the card), and
// one drawn here now remembers it, so its face turns over and a milestone day's greeting shows.
import { useState } from 'react';
import { drawDailyCard, type ApiError, type UserStatus } from '../api';
import { afterDailyCard } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';

type Draw = { kind: 'idle' } | { kind: 'drawing' } | { kind: 'failed'; message: string };

export function useHomeDailyDraw(s: UserStatus | undefined) {
  const [draw, setDraw] = useState<Draw>({ kind: 'idle' });
  const [justDrawn, setJustDrawn] = useState<{ milestone: string | null } | null>(null);

  const reveal = () => {
    if (draw.kind === 'drawing' || !s) return;
    setDraw({ kind: 'drawing' });
    haptic('draw');
    drawDailyCard(false)
      .then((c) => {
        haptic('reveal');
        setJustDrawn({ milestone: c.milestone ?? null });
        setDraw({ kind: 'idle' });
        afterDailyCard(c);
      })
      .catch((e: ApiError) => {
        haptic('error');
        setDraw({ kind: 'failed', message: e.message });
      });
  };

  return { draw, justDrawn, reveal };
}
