// The daily draw: today's card if it was already drawn, else a tap that deals one (a 1.5 s spinner; the
// server deals), and the cards' short message once the card is known.
import { useState } from 'react';
import { type ApiError, dailyCardAvailable, drawDailyCard, type DailyCardView } from '../api';
import { keys, useApi } from '../data';
import { afterDailyCard } from '../hooks/useStatus';
import { interpretDailyCard } from '../payments/client';
import { haptic } from '../telegram/bridge';

export const DRAW_DELAY_MS = 1500;
const INTERPRETATION_ERROR = 'Произошла ошибка при получении толкования';

export type Phase =
  | { kind: 'checking' }
  | { kind: 'idle' }
  | { kind: 'drawing' }
  | { kind: 'revealed'; card: DailyCardView }
  | { kind: 'error'; message: string };

export type DailyCard = DailyCardView['card'];

export function useDailyDraw() {
  // Today's card, if it was already drawn (here or on the simple daily card), is shown at once, face up.
  const today = useApi(keys.dailyCard, dailyCardAvailable);
  // A draw on this screen decides the phase; before it, today's availability does.
  const [drawn, setPhase] = useState<Phase | null>(null);
  const phase: Phase =
    drawn ??
    (today.data?.today
      ? { kind: 'revealed', card: today.data.today }
      : today.data || today.error
        ? { kind: 'idle' }
        : { kind: 'checking' });
  const card = phase.kind === 'revealed' ? phase.card.card : null;

  const draw = () => {
    // After a failed draw the card can be tapped again.
    if (phase.kind !== 'idle' && phase.kind !== 'error') return;
    setPhase({ kind: 'drawing' });
    haptic('draw');
    const started = Date.now();
    drawDailyCard(false)
      .then(async (c) => {
        const wait = DRAW_DELAY_MS - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        haptic('reveal');
        setPhase({ kind: 'revealed', card: c });
        afterDailyCard(c);
      })
      .catch((e: ApiError) => {
        haptic('error');
        setPhase({ kind: 'error', message: e.message });
      });
  };
  return { today, drawn, phase, card, draw };
}

/** The cards' short message, written once per card: reopening the screen shows it again rather than asking the AI anew. */
export function useDailyNote(card: DailyCard | null): { text: string; error?: boolean } | null {
  const message = useApi(
    card ? keys.dailyMessage(`${card.cardId}-${card.orientation}`) : null,
    () => interpretDailyCard({ cardName: card!.name, cardMeaning: card!.fullMeaning, context: 'interactive_daily_card' }),
    { revalidateIfStale: false },
  );
  if (!card) return null;
  if (message.data) return { text: message.data.interpretation || card.keywords.join(', ') };
  if (message.error) return { text: `${INTERPRETATION_ERROR}. Ключевые слова карты: ${card.keywords.join(', ')}.`, error: true };
  return null;
}
