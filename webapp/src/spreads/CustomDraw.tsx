// Drawing the dealt cards of one's own spread from the fan, each landing in its cell, then «Получить ответ».
import type { ReadingView } from '../api';
import { DeckFan } from '../reading/DeckFan';
import { haptic } from '../telegram/bridge';
import { SpreadGrid } from './SpreadGrid';
import type { MySpread } from './spreads-api';

export function CustomDraw(props: {
  reading: ReadingView;
  positions: MySpread['positions'];
  drawn: number;
  onDraw: () => void;
  onAnswer: () => void;
}) {
  const { reading, drawn } = props;
  return (
    <>
      <p className="hint" data-testid="custom-counter">
        Выбрано карт: {drawn} из {reading.total}
      </p>
      <SpreadGrid positions={props.positions} cards={reading.cards.map((c, i) => (i < drawn ? c : null))} />
      {drawn < reading.total && (
        <DeckFan
          shuffling={false}
          canPick={drawn < reading.total}
          onPick={() => {
            haptic('reveal');
            props.onDraw();
          }}
        />
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={drawn < reading.total}
        onClick={props.onAnswer}
        data-testid="custom-answer"
      >
        Получить ответ
      </button>
    </>
  );
}
