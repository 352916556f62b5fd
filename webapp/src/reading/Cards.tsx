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
// same cards turned, so nothing is charged twice and nothing is lost. A pair's spread, dealt on the pair's
// screen, comes to this table too (flow `pairId`): back leads to the pair, and the answer opens in the archive.
import { useLocation } from 'wouter';
import { getSpread } from '../../../domain/tarot/spreads';
import { CrisisHelp } from '../components/CrisisHelp';
import { ErrorBlock } from '../components/ErrorBlock';
import { SpreadIcon } from '../components/Icon';
import { Page } from '../components/Page';
import { useFlow } from '../flow';
import { CardsLimit } from './CardsLimit';
import { CardsTable } from './CardsTable';
import { useAnswerAhead, useCardTurns } from './useCardTurns';
import { useDealing } from './useDealing';

export default function Cards() {
  const [, navigate] = useLocation();
  const flow = useFlow();
  const spread = getSpread(flow.spreadType) ?? getSpread('free_daily')!;
  const { phase, shuffling, setShuffling, resuming, retry } = useDealing(flow, spread);
  const reading = phase.kind === 'ready' ? phase.reading : null;
  const turns = useCardTurns({ flow, spread, reading, shuffling, setShuffling });
  // A pair's spread goes back to its pair and is read on the archive's screen, where each partner keeps a note.
  const pairId = flow.pairId ?? null;
  const ahead = useAnswerAhead(turns.allDrawn, pairId !== null && reading ? `/history/${reading.id}` : '/interpretation');

  return (
    <Page
      back={() => navigate(pairId !== null ? `/pairs/${pairId}` : '/question')}
      loading={resuming || (phase.kind === 'dealing' && !shuffling)}
      testId="cards"
    >
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
        <CardsLimit message={phase.message} resetsAt={phase.resetsAt} onReset={retry} />
      ) : phase.kind === 'error' ? (
        <ErrorBlock
          title="Не удалось разложить карты"
          message={phase.error.message}
          onRetry={phase.error.status === 400 ? undefined : retry}
        >
          <p className="hint">Ваш вопрос сохранён.</p>
          {phase.error.status === 400 && (
            <button type="button" className="btn btn-secondary" onClick={() => navigate('/question')}>
              Изменить вопрос
            </button>
          )}
        </ErrorBlock>
      ) : (
        <CardsTable spread={spread} dealing={phase.kind === 'dealing'} shuffling={shuffling} turns={turns} ahead={ahead} />
      )}
    </Page>
  );
}
