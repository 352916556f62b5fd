// «Свой расклад»: the user lays out a physical deck and enters, position by position, which card came and
// whether it lies reversed (search by name, or the grid of a suit). «Получить толкование» sends the cards
// (POST /api/readings with ownCards): the server checks them, takes a spread of the plan as for dealt cards,
// and the reading goes on exactly as a dealt one (the interpretation screen, the archive, the journal), marked
// «своя колода».
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { CrisisAnswer } from '../../../domain/reading/crisis';
import { validateQuestion } from '../../../domain/reading/question-input';
import { OWN_DECK_MARK, type OwnCardInput } from '../../../domain/tarot/own-deck';
import { getSpread, positionNamesFor } from '../../../domain/tarot/spreads';
import { ApiError } from '../api';
import { CrisisHelp } from '../components/CrisisHelp';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { currentReadingId, flowKey, setFlow, useFlow } from '../flow';
import { afterReading } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';
import { OwnFailure } from './OwnFailure';
import { OwnPicker } from './OwnPicker';
import { OwnPositions } from './OwnPositions';
import { createOwnReading } from './own-deck-api';
import { PICKS_KEY, useOwnPicks } from './useOwnPicks';
import './own-deck.css';

export default function OwnDeck() {
  const [, navigate] = useLocation();
  const flow = useFlow();
  const spread = getSpread(flow.spreadType) ?? getSpread('free_daily')!;
  const key = flowKey(spread.id, flow.question);
  const questionOk = validateQuestion(flow.question).ok;
  // The year forecast's months from this month, as the server will name them.
  const positions = useMemo(() => positionNamesFor(spread.id, new Date().getMonth() + 1), [spread.id]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [crisis, setCrisis] = useState<CrisisAnswer | null>(null);
  const own = useOwnPicks(key, spread.cards, () => setFailure(null));
  const { picks, active, chosen, complete } = own;

  // Without a question (a reload after the flow was cleared) the question comes first; a reading already
  // made for these cards opens as it is (never charged twice).
  const made = flow.ownDeck ? currentReadingId(flow) : null;
  useEffect(() => {
    if (!questionOk) navigate('/question', { replace: true });
    else if (made !== null) navigate('/interpretation', { replace: true });
  }, [questionOk, made, navigate]);

  async function submit() {
    if (!complete || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const reading = await createOwnReading(spread.id, flow.question, picks as OwnCardInput[]);
      setFlow({ readingId: reading.id, dealtFor: key, revealed: reading.cards.length, answered: false });
      sessionStorage.removeItem(PICKS_KEY);
      afterReading();
      navigate('/interpretation');
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, String((err as Error)?.message ?? err));
      haptic('error');
      if (e.crisis) setCrisis(e.crisis);
      else setFailure(e);
    } finally {
      setBusy(false);
    }
  }

  if (crisis)
    return (
      <Page back={() => navigate('/question')} testId="own-deck">
        <CrisisHelp answer={crisis} onChangeQuestion={() => navigate('/question')} />
      </Page>
    );

  const activeName = positions[active] ?? `Карта ${active + 1}`;
  return (
    <Page back={() => navigate('/question')} testId="own-deck" className="own-deck">
      <header className="screen-head">
        <p className="kicker">
          {spread.name} · {OWN_DECK_MARK}
        </p>
        <h1 className="title">Какие карты легли?</h1>
        <blockquote className="question-quote">«{flow.question}»</blockquote>
        <p className="hint">Отметьте карту на каждой позиции и как она лежит. Толкование будет по вашим картам.</p>
      </header>

      <OwnPositions positions={positions} own={own} />

      <OwnPicker activeName={activeName} own={own} />

      {failure && <OwnFailure failure={failure} />}

      <MainAction
        text={complete ? 'Получить толкование' : `Выбрано карт: ${chosen.size} из ${spread.cards}`}
        enabled={complete}
        loading={busy}
        onClick={() => void submit()}
        testId="own-submit"
      />
    </Page>
  );
}
