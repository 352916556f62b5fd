// The cards. The server deals: on opening, the screen creates the reading
// (POST /api/readings), which checks access (402 → subscription), takes today's spread (429 → countdown)
// and deals the cards. Meanwhile the deck shuffles (2 s; a short pause with reduced motion), then fans out;
// each card picked from the fan (DeckFan) reveals the next dealt card at its place in the spread's layout
// (SpreadTable), where it turns over. «Получить ответ»
// (there once a card is turned) turns the rest in order, then opens the interpretation: the whole spread is
// always read. Spreads of five cards and more also have «Разложить все». A reload resumes the same
// reading: the id lives in the flow (sessionStorage), so nothing is charged twice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CrisisAnswer } from '../../../domain/crisis';
import { validateQuestion } from '../../../domain/question';
import { getSpread } from '../../../domain/spreads';
import { ApiError, createReading, getReading, type ReadingView } from '../api';
import { CardBack } from '../components/CardImage';
import { DeckFan } from '../components/DeckFan';
import { SpreadLegend, SpreadTable } from '../components/SpreadTable';
import { Countdown } from '../components/Countdown';
import { CrisisHelp } from '../components/CrisisHelp';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, SpreadIcon } from '../components/Icon';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { currentReadingId, flowKey, getFlow, setFlow, useFlow } from '../flow';
import { afterReading } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { haptic } from '../telegram/bridge';

export const SHUFFLE_MS = 2000;
export const DRAW_MS = 300;
/** The pause between cards when the rest are turned at once («Получить ответ», «Разложить все»). */
const TURN_REST_MS = 350;
/** Spreads with this many cards and more offer «Разложить все». */
const TURN_ALL_FROM = 5;
/** With reduced motion the deck does not dance: a short pause instead of the shuffle. */
const REDUCED_SHUFFLE_MS = 400;
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

type Phase =
  | { kind: 'dealing' }
  | { kind: 'ready'; reading: ReadingView }
  | { kind: 'limit'; resetsAt: string | null; message: string }
  | { kind: 'error'; error: ApiError }
  /** The question spoke of a crisis: help lines, no cards (nothing was charged). */
  | { kind: 'crisis'; answer: CrisisAnswer };

// One creation per spread+question even if the effect runs twice (React StrictMode, fast remounts).
const creating = new Map<string, Promise<ReadingView>>();

function dealReading(spreadType: string, question: string): Promise<ReadingView> {
  const key = flowKey(spreadType, question);
  let p = creating.get(key);
  if (!p) {
    p = createReading(spreadType, question, getFlow().microPurchaseId)
      .then((reading) => {
        // Remembered even if the screen was left meanwhile: the spread is charged, the reading is the user's.
        setFlow({ spreadType, question, readingId: reading.id, dealtFor: key, revealed: 0 });
        afterReading();
        return reading;
      })
      .finally(() => setTimeout(() => creating.delete(key), 0));
    creating.set(key, p);
  }
  return p;
}

export default function Cards() {
  const [, navigate] = useLocation();
  const flow = useFlow();
  const spread = getSpread(flow.spreadType) ?? getSpread('free_daily')!;
  const [phase, setPhase] = useState<Phase>({ kind: 'dealing' });
  const vipPrice = usePrices(phase.kind === 'limit').monthly('vip');
  const [shuffling, setShuffling] = useState(() => getFlow().revealed === 0);
  const [drawing, setDrawing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const drawTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const questionOk = validateQuestion(flow.question).ok;

  useEffect(() => {
    if (!questionOk) navigate('/question', { replace: true });
  }, [questionOk, navigate]);

  // The 2-second shuffle on opening, while the server deals.
  useEffect(() => {
    if (!shuffling) return;
    const t = setTimeout(() => setShuffling(false), reducedMotion() ? REDUCED_SHUFFLE_MS : SHUFFLE_MS);
    return () => clearTimeout(t);
  }, [shuffling]);

  useEffect(
    () => () => {
      if (drawTimer.current) clearTimeout(drawTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (!questionOk) return;
    let cancelled = false;
    const f = getFlow();
    const spreadType = spread.id;
    const question = f.question.trim();
    const existing = currentReadingId({ ...f, spreadType, question });
    setPhase({ kind: 'dealing' });
    (existing !== null ? getReading(existing) : dealReading(spreadType, question))
      .then((reading) => {
        if (cancelled) return;
        setPhase({ kind: 'ready', reading });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const e = err instanceof ApiError ? err : new ApiError(0, String((err as Error)?.message ?? err));
        if (existing !== null && (e.status === 404 || e.status === 403)) {
          // The remembered reading is gone: deal a new one.
          setFlow({ readingId: null, dealtFor: null, revealed: 0 });
          setAttempt((a) => a + 1);
          return;
        }
        if (e.status === 402) {
          navigate('/subscription', { replace: true });
          return;
        }
        if (e.crisis) {
          setPhase({ kind: 'crisis', answer: e.crisis });
          return;
        }
        haptic('error');
        if (e.status === 429)
          setPhase({ kind: 'limit', resetsAt: e.resetsAt, message: e.message.replace(/\s*Новые расклады через.*$/, '') });
        else setPhase({ kind: 'error', error: e });
      });
    return () => {
      cancelled = true;
    };
  }, [questionOk, spread.id, attempt, navigate]);

  const reading = phase.kind === 'ready' ? phase.reading : null;
  const slots = reading?.cards ?? Array.from({ length: spread.cards }, () => null);
  // The layout follows the dealt reading's spread (the server's word), the chosen one until it arrives.
  const layoutId = reading?.spreadType ?? spread.id;
  const total = reading?.cards.length ?? spread.cards;
  const revealed = Math.min(flow.revealed, total);
  const allDrawn = !!reading && revealed >= total;
  // While the rest of the cards turn by themselves, the deck and the buttons wait.
  const [turningRest, setTurningRest] = useState(false);
  const canDraw = !!reading && !shuffling && !drawing && !allDrawn && !turningRest;

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

  return (
    <Page back={() => navigate('/question')} loading={phase.kind === 'dealing' && !shuffling} testId="cards">
      <header className="screen-head compact">
        <p className="kicker">
          <SpreadIcon spreadType={spread.id} size={15} /> {spread.name}
        </p>
        <blockquote className="question-quote" data-testid="cards-question">
          «{flow.question.trim()}»
        </blockquote>
      </header>

      {phase.kind === 'crisis' ? (
        <CrisisHelp answer={phase.answer} onChangeQuestion={() => navigate('/question')} />
      ) : phase.kind === 'limit' ? (
        <section className="panel center limit" data-testid="limit-reached">
          <div className="big-icon">
            <Icon name="hourglass" size={40} />
          </div>
          <h2>{phase.message || 'Лимит раскладов на сегодня исчерпан.'}</h2>
          {phase.resetsAt && (
            <p>
              Новые расклады через <Countdown until={phase.resetsAt} onEnd={() => setAttempt((a) => a + 1)} testId="limit-countdown" />
            </p>
          )}
          <p className="hint">Ваш вопрос сохранён — вернитесь к нему, когда расклады обновятся.</p>
          <div className="stack">
            <button type="button" className="btn btn-gold btn-block" onClick={() => navigate('/subscription')}>
              {vipPrice ? `Безлимит с VIP за ${vipPrice}` : 'Безлимит с VIP'}
            </button>
            <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate('/')}>
              На главную
            </button>
          </div>
        </section>
      ) : phase.kind === 'error' ? (
        <ErrorBlock
          title="Не удалось разложить карты"
          message={phase.error.message}
          onRetry={phase.error.status === 400 ? undefined : () => setAttempt((a) => a + 1)}
        >
          <p className="hint">Ваш вопрос сохранён.</p>
          {phase.error.status === 400 && (
            <button type="button" className="btn btn-secondary" onClick={() => navigate('/question')}>
              Изменить вопрос
            </button>
          )}
        </ErrorBlock>
      ) : (
        <>
          <div className={`table ${allDrawn ? 'is-collapsed' : ''}`}>
            {allDrawn ? (
              <span className="deck is-done" aria-hidden="true">
                <span className="deck-layer" style={{ ['--i' as string]: 0 }}>
                  <CardBack size="medium" />
                </span>
              </span>
            ) : (
              <DeckFan shuffling={shuffling || phase.kind === 'dealing'} canPick={canDraw} onPick={draw} />
            )}
            <p className="deck-hint" aria-live="polite" data-testid="deck-hint">
              {phase.kind === 'dealing' || shuffling
                ? 'Карты перемешиваются…'
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

          <MainAction
            text="Получить ответ"
            enabled={revealed >= 1 && !drawing && !turningRest}
            onClick={() => turnRest(() => navigate('/interpretation'))}
            testId="get-answer"
          />
          <SpreadLegend spreadId={layoutId} positions={spread.positions} cards={slots} revealed={revealed} />
        </>
      )}
    </Page>
  );
}
