// The card face down: a spinner while today's card is checked, then the card to tap, its spinner while it
// opens, and a failed draw's message (the card can be tapped again).
import { CardBack } from '../components/CardImage';
import type { Phase } from './useDailyDraw';

export function DailyDrawArea({ phase, onDraw }: { phase: Phase; onDraw: () => void }) {
  if (phase.kind === 'checking')
    return (
      <div className="draw-area">
        <span className="spinner spinner-lg" role="status" aria-label="Проверяем карту дня…" />
      </div>
    );
  if (phase.kind === 'revealed') return null;
  return (
    <div className="draw-area">
      {phase.kind === 'drawing' ? (
        <span className="spinner spinner-lg" role="status" aria-label="Карта открывается…" data-testid="draw-spinner" />
      ) : (
        <button type="button" className="daily-back" onClick={onDraw} aria-label="Вытянуть карту" data-testid="draw-card">
          <CardBack size="large" />
        </button>
      )}
      <p className="deck-hint">{phase.kind === 'drawing' ? 'Карта открывается…' : 'Сосредоточьтесь и коснитесь карты'}</p>
      {phase.kind === 'error' && (
        <p className="pay-message" role="alert">
          {phase.message}
        </p>
      )}
    </div>
  );
}
