// The cards. The server deals: on opening, the screen creates the reading
// (POST /api/readings), which checks access (402 → subscription), takes today's spread (429 → countdown)
// and deals the cards. Meanwhile the deck shuffles (2 s; a short pause with reduced motion), then fans out;
// each card picked from the fan (DeckFan) reveals the next dealt card at its place in the spread's layout
// (SpreadTable), where it turns over. «Получить ответ»
// (there once a card is turned) turns the rest in order, then opens the interpretation: the whole spread is
// always read; the whole spread then stays on the table for a moment (or until «Читать толкование»). Spreads
// of five cards and more also have «Разложить все». Each turn is recorded on the server (turns.ts): a reload
// resumes the same reading from the flow (sessionStorage), and a closed app comes back through
// `/cards?reading=<id>` (home's, the archive's and the bot's «Продолжить расклад») to the same table with the
// same cards turned, so nothing is charged twice and nothing is lost.
import { useCallback, useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import { useLocation, useSearch } from 'wouter';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { validateQuestion } from '../../../domain/reading/question-input';
import { getSpread } from '../../../domain/tarot/spreads';
import { ApiError, createReading, getReading, type ReadingView } from '../api';
import { keys } from '../data';
import { CardBack } from '../components/CardImage';
import { DeckFan } from './DeckFan';
import { SpreadLegend, SpreadTable } from './SpreadTable';
import { Countdown } from '../components/Countdown';
import { CrisisHelp } from '../components/CrisisHelp';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, SpreadIcon } from '../components/Icon';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { currentReadingId, flowKey, getFlow, resumeReading, setFlow, useFlow } from '../flow';
import { afterReading } from '../hooks/useStatus';
import { usePrices } from '../payments/prices';
import { haptic } from '../telegram/bridge';
import { useShake } from '../telegram/shake';
import { recordTurned } from '../turns';

export const SHUFFLE_MS = 2000;
export const DRAW_MS = 300;
/** The pause between cards when the rest are turned at once («Получить ответ», «Разложить все»). */
const TURN_REST_MS = 350;
/** After «Получить ответ» turned the rest, the whole spread stays on the table this long before the answer. */
export const LAID_OUT_MS = 3000;
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
    p = createReading(spreadType, question, getFlow().microPurchaseId, getFlow().personId)
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
  // «Продолжить расклад» from a closed app: the reading comes from the server before anything is dealt.
  const resumeId = Number(new URLSearchParams(useSearch()).get('reading')) || null;
  const [resuming, setResuming] = useState(resumeId !== null && resumeId !== currentReadingId());

  useEffect(() => {
    if (!resuming || resumeId === null) return;
    let cancelled = false;
    getReading(resumeId)
      .then((r) => {
        if (cancelled) return;
        // Read meanwhile: the archive shows it with its answer.
        if (!r.inProgress) return navigate(`/history/${r.id}`, { replace: true });
        resumeReading(r);
        if (r.turned > 0) setShuffling(false);
        navigate('/cards', { replace: true });
        setResuming(false);
      })
      .catch(() => {
        if (!cancelled) navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [resuming, resumeId, navigate]);

  useEffect(() => {
    if (!questionOk && !resuming) navigate('/question', { replace: true });
  }, [questionOk, resuming, navigate]);

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
    if (!questionOk || resuming) return;
    let cancelled = false;
    const f = getFlow();
    const spreadType = spread.id;
    const question = f.question.trim();
    const existing = currentReadingId({ ...f, spreadType, question });
    setPhase({ kind: 'dealing' });
    (existing !== null ? getReading(existing) : dealReading(spreadType, question))
      .then((reading) => {
        if (cancelled) return;
        // The server's word on what was turned: a closed app or another device may know more than this one.
        if (reading.inProgress && reading.turned > getFlow().revealed) setFlow({ revealed: reading.turned });
        // The answer's screen shows these cards even if its own load fails.
        void mutate(keys.reading(reading.id), (old: unknown) => old ?? reading, { revalidate: false });
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
  }, [questionOk, resuming, spread.id, attempt, navigate]);

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

  // «Получить ответ» turned the rest: the laid-out spread stays on screen a moment, or until the user taps on.
  const [laidOut, setLaidOut] = useState(false);
  useEffect(() => {
    if (!laidOut) return;
    const t = setTimeout(() => navigate('/interpretation'), LAID_OUT_MS);
    return () => clearTimeout(t);
  }, [laidOut, navigate]);

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
    <Page back={() => navigate('/question')} loading={resuming || (phase.kind === 'dealing' && !shuffling)} testId="cards">
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
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={reshuffle}
              disabled={!canShuffle}
              data-testid="reshuffle"
            >
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
                ? navigate('/interpretation')
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
      )}
    </Page>
  );
}
