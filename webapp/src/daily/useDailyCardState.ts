// The simple daily card's state: checking → a face-down card to tap → revealed; a draw made on the screen
// (or a redraw for a paid user) decides it once under way, today's availability before that.
import { useState } from 'react';
import { type ApiError, dailyCardAvailable, type DailyCardAvailability, type DailyCardView, drawDailyCard } from '../api';
import { keys, useApi } from '../data';
import { afterDailyCard } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';

export type DailyCardState =
  | { kind: 'checking' }
  | { kind: 'available'; info: DailyCardAvailability }
  | { kind: 'revealing'; info: DailyCardAvailability }
  | { kind: 'revealed'; card: DailyCardView }
  | { kind: 'error'; message: string; retry: () => void };

/** A draw on this screen: under way from the face-down card, done, or failed. */
type Draw =
  | { kind: 'none' }
  | { kind: 'revealing' }
  | { kind: 'drawn'; card: DailyCardView }
  | { kind: 'failed'; message: string; redraw: boolean };

export function useDailyCardState() {
  const { data: info, error, isValidating, reload } = useApi(keys.dailyCard, dailyCardAvailable);
  const [draw, setDraw] = useState<Draw>({ kind: 'none' });

  const reveal = (redraw: boolean, fromBack = false) => {
    if (fromBack) setDraw({ kind: 'revealing' });
    haptic('draw');
    drawDailyCard(redraw)
      .then((card) => {
        haptic('reveal');
        setDraw({ kind: 'drawn', card });
        afterDailyCard(card);
      })
      .catch((e: ApiError) => {
        haptic('error');
        setDraw({ kind: 'failed', message: e.message, redraw });
      });
  };

  const state: DailyCardState =
    draw.kind === 'failed'
      ? { kind: 'error', message: draw.message, retry: () => reveal(draw.redraw) }
      : draw.kind === 'drawn'
        ? { kind: 'revealed', card: draw.card }
        : !info && (!error || isValidating)
          ? { kind: 'checking' }
          : !info
            ? { kind: 'error', message: error!.message, retry: reload }
            : draw.kind === 'revealing'
              ? { kind: 'revealing', info }
              : info.today
                ? { kind: 'revealed', card: info.today }
                : { kind: 'available', info };
  return { state, reveal, reload };
}
