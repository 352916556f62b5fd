// The cards' table: the deck's fan (or the spent deck), its hint, the counter, the spread's layout with the
// turned cards, the reshuffle, «Разложить все», «Получить ответ» and the legend.
import { useLocation } from 'wouter';
import type { SpreadDefinition } from '../../../domain/types';
import { CardBack } from '../components/CardImage';
import { MainAction } from '../components/MainAction';
import { DeckFan } from './DeckFan';
import { SpreadLegend, SpreadTable } from './SpreadTable';
import type { useAnswerAhead, useCardTurns } from './useCardTurns';

/** Spreads with this many cards and more offer «Разложить все». */
const TURN_ALL_FROM = 5;

interface Props {
  spread: SpreadDefinition;
  dealing: boolean;
  shuffling: boolean;
  turns: ReturnType<typeof useCardTurns>;
  ahead: ReturnType<typeof useAnswerAhead>;
}

export function CardsTable({ spread, dealing, shuffling, turns, ahead }: Props) {
  const [, navigate] = useLocation();
  const { slots, layoutId, total, revealed, allDrawn, canDraw, canShuffle, reshuffle, draw, turnRest, drawing, turningRest } = turns;
  const { laidOut, setLaidOut, answerPath } = ahead;
  return (
    <>
      <div className={`table ${allDrawn ? 'is-collapsed' : ''}`}>
        {allDrawn ? (
          <span className="deck is-done" aria-hidden="true">
            <span className="deck-layer" style={{ ['--i' as string]: 0 }}>
              <CardBack size="medium" />
            </span>
          </span>
        ) : (
          <DeckFan shuffling={shuffling || dealing} canPick={canDraw} onPick={draw} />
        )}
        <p className="deck-hint" aria-live="polite" data-testid="deck-hint">
          {dealing || shuffling
            ? 'Карты перемешиваются…'
            : laidOut
              ? 'Весь расклад перед вами — толкование откроется через мгновение'
              : allDrawn
                ? 'Все карты вытянуты — узнайте ответ'
                : revealed === 0
                  ? 'Сосредоточьтесь на вопросе и выберите карту из веера'
                  : 'Выберите из веера следующую карту'}
        </p>
      </div>

      <p className="cards-counter" data-testid="cards-counter">
        Выбрано карт: {revealed} из {total}
      </p>

      <SpreadTable spreadId={layoutId} positions={spread.positions} cards={slots} revealed={revealed} />

      {revealed === 0 && !allDrawn && (
        <button type="button" className="btn btn-secondary btn-block" onClick={reshuffle} disabled={!canShuffle} data-testid="reshuffle">
          Перемешать ещё раз
        </button>
      )}

      {total >= TURN_ALL_FROM && !allDrawn && (
        <button
          type="button"
          className="btn btn-secondary btn-block turn-all"
          onClick={() => turnRest()}
          disabled={!canDraw}
          data-testid="turn-all"
        >
          Разложить все
        </button>
      )}

      {laidOut && <span hidden data-testid="laid-out" />}
      <MainAction
        text={laidOut ? 'Читать толкование' : 'Получить ответ'}
        enabled={revealed >= 1 && !drawing && !turningRest}
        onClick={() =>
          laidOut || allDrawn
            ? navigate(answerPath)
            : turnRest(() => {
                // The whole spread on screen from the top, then the answer.
                window.scrollTo({ top: 0, behavior: 'auto' });
                setLaidOut(true);
              })
        }
        testId="get-answer"
      />
      <SpreadLegend spreadId={layoutId} positions={spread.positions} cards={slots} revealed={revealed} />
    </>
  );
}
