// The cards' turns: each card picked from the fan turns over at its place (DRAW_MS), «Получить ответ» and
// «Разложить все» turn the rest one after another, and every turn is recorded on the server (turns.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { SpreadDefinition } from '../../../domain/types';
import type { ReadingView } from '../api';
import { type Flow, getFlow, setFlow } from '../flow';
import { haptic } from '../telegram/bridge';
import { useShake } from '../telegram/shake';
import { recordTurned } from '../turns';
import { reducedMotion } from './useDealing';

export const DRAW_MS = 300;
/** The pause between cards when the rest are turned at once («Получить ответ», «Разложить все»). */
const TURN_REST_MS = 350;
/** After «Получить ответ» turned the rest, the whole spread stays on the table this long before the answer. */
export const LAID_OUT_MS = 3000;

interface TurnsInput {
  flow: Flow;
  spread: SpreadDefinition;
  reading: ReadingView | null;
  shuffling: boolean;
  setShuffling: (v: boolean) => void;
}

export function useCardTurns({ flow, spread, reading, shuffling, setShuffling }: TurnsInput) {
  const [drawing, setDrawing] = useState(false);
  const drawTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (drawTimer.current) clearTimeout(drawTimer.current);
    },
    [],
  );

  const slots = reading?.cards ?? Array.from({ length: spread.cards }, () => null);
  // The layout follows the dealt reading's spread (the server's word), the chosen one until it arrives.
  const layoutId = reading?.spreadType ?? spread.id;
  const total = reading?.cards.length ?? spread.cards;
  const revealed = Math.min(flow.revealed, total);
  const allDrawn = !!reading && revealed >= total;
  // While the rest of the cards turn by themselves, the deck and the buttons wait.
  const [turningRest, setTurningRest] = useState(false);
  const canDraw = !!reading && !shuffling && !drawing && !allDrawn && !turningRest;

  // Before the first card: the deck can be shuffled again, by the button or by shaking the phone (Telegram's
  // accelerometer, telegram/shake.ts); the same animation (a short pause with reduced motion) and a haptic.
  const canShuffle = canDraw && revealed === 0;
  const reshuffle = useCallback(() => {
    if (!canShuffle) return;
    haptic('select');
    setShuffling(true);
  }, [canShuffle]);
  useShake(reshuffle, canShuffle);

  // Every turn is told to the server (idempotent, retried when the network is back).
  useEffect(() => {
    if (reading?.inProgress && revealed > 0) recordTurned(reading.id, revealed, reading.turned);
  }, [reading, revealed]);

  const draw = useCallback(() => {
    if (!canDraw) return;
    setDrawing(true);
    haptic('draw');
    drawTimer.current = setTimeout(() => {
      drawTimer.current = null;
      setFlow({ revealed: Math.min(getFlow().revealed + 1, total) });
      setDrawing(false);
      haptic('reveal');
    }, DRAW_MS);
  }, [canDraw, total]);

  /** Turns the cards not yet turned, one after another with their flip, then calls `then`. */
  const turnRest = useCallback(
    (then?: () => void) => {
      if (!reading || turningRest || drawing) return;
      setTurningRest(true);
      const step = () => {
        const turned = getFlow().revealed;
        if (turned >= total) {
          drawTimer.current = null;
          setTurningRest(false);
          then?.();
          return;
        }
        setFlow({ revealed: turned + 1 });
        haptic('reveal');
        drawTimer.current = setTimeout(step, reducedMotion() ? 0 : TURN_REST_MS);
      };
      step();
    },
    [reading, turningRest, drawing, total],
  );

  return {
    ...{ slots, layoutId, total, revealed, allDrawn, canDraw, canShuffle, reshuffle },
    ...{ draw, turnRest, drawing, turningRest },
  };
}

/**
 * On the way to the answer: its screen loaded ahead, the table scrolled to the top when every card is turned,
 * and after «Получить ответ» the laid-out spread kept a moment before the answer opens.
 */
export function useAnswerAhead(allDrawn: boolean, answerPath = '/interpretation') {
  const [, navigate] = useLocation();
  // «Получить ответ» turned the rest: the laid-out spread stays on screen a moment, or until the user taps on.
  const [laidOut, setLaidOut] = useState(false);
  useEffect(() => {
    if (!laidOut) return;
    const t = setTimeout(() => navigate(answerPath), LAID_OUT_MS);
    return () => clearTimeout(t);
  }, [laidOut, navigate, answerPath]);

  // The answer's screen loads while the cards are drawn: no bare spinner after «Получить ответ».
  useEffect(() => {
    void import('./Interpretation');
  }, []);

  // Every card turned: the whole spread and the answer button on one screen, from the top.
  const wasAllDrawn = useRef(allDrawn);
  useEffect(() => {
    if (allDrawn && !wasAllDrawn.current) window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
    wasAllDrawn.current = allDrawn;
  }, [allDrawn]);
  return { laidOut, setLaidOut, answerPath };
}
