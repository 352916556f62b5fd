// The deck fanned out on the mat: the user picks a card from the fan, and the next card the server dealt
// lands in its place in the spread and turns over (the pick only reveals; it never chooses which card). A
// picked card leaves the fan; when few are left the deck fans out anew. Every card is a labelled button at
// least 44 px wide where it shows, usable from the keyboard; with reduced motion nothing flies.
import { useRef, useState } from 'react';
import { CardBack } from '../components/CardImage';
import './deck-fan.css';

/** Cards in the fan: five 44-px strips and one whole card, turned out at the edges, fit a 390-px phone's mat. */
export const FAN_CARDS = 6;
/** The visible strip of each card in the fan (its tap target's width). */
export const FAN_STEP = 44;
const CARD_WIDTH = 60;
/** A new fan once fewer than this many cards are left in it. */
const REFAN_BELOW = 3;

export function DeckFan(props: {
  /** The deck is being shuffled (the fan is gathered). */
  shuffling: boolean;
  /** A pick is possible now. */
  canPick: boolean;
  /** Called with nothing: the next dealt card is revealed. */
  onPick: () => void;
}) {
  const [gone, setGone] = useState<ReadonlySet<number>>(() => new Set());
  const [round, setRound] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const mid = (FAN_CARDS - 1) / 2;

  const pick = (i: number, fromKeyboard: boolean) => {
    if (!props.canPick || gone.has(i)) return;
    props.onPick();
    const next = new Set(gone).add(i);
    const refan = FAN_CARDS - next.size < REFAN_BELOW;
    setGone(refan ? new Set() : next);
    if (refan) setRound((r) => r + 1);
    // The focused card left the fan: the keyboard moves on to the nearest one still there.
    if (fromKeyboard) {
      const order = Array.from({ length: FAN_CARDS }, (_, k) => k).sort((a, b) => Math.abs(a - i) - Math.abs(b - i));
      const target = refan ? mid : order.find((k) => !next.has(k));
      if (target !== undefined) requestAnimationFrame(() => buttons.current[Math.round(target)]?.focus());
    }
  };

  return (
    <div
      className={`fan${props.shuffling ? ' is-gathered' : ''}`}
      style={{ width: CARD_WIDTH + (FAN_CARDS - 1) * FAN_STEP }}
      role="group"
      aria-label="Веер карт: выберите карту"
      data-testid="fan"
      key={round}
    >
      {Array.from({ length: FAN_CARDS }, (_, i) => {
        const off = i - mid;
        const isGone = gone.has(i);
        return (
          <button
            key={i}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className={`fan-card${isGone ? ' is-gone' : ''}`}
            style={{
              left: i * FAN_STEP,
              ['--rot' as string]: `${off * 5}deg`,
              ['--lift' as string]: `${Math.round(off * off * 3)}px`,
              ['--gather' as string]: `${-off * FAN_STEP}px`,
              zIndex: i,
            }}
            // Not `disabled` while a card lands: the focused card keeps the keyboard's focus; a pick then does nothing.
            disabled={isGone}
            aria-disabled={!props.canPick || undefined}
            aria-hidden={isGone || undefined}
            tabIndex={isGone ? -1 : undefined}
            onClick={(e) => pick(i, e.detail === 0)}
            aria-label={`Выбрать карту ${i + 1} из веера`}
            data-testid="fan-card"
          >
            <CardBack size="small" width={CARD_WIDTH} />
          </button>
        );
      })}
    </div>
  );
}
