// A reading in one of the user's own spreads: the question (and «О ком вопрос?»), then the server deals as many
// cards as there are positions, the user draws them from the same fan, each landing in its cell of the grid,
// and «Получить ответ» opens the interpretation, as for the catalogue's spreads.
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { QUESTION_MAX, validateQuestion } from '../../../domain/reading/question-input';
import { ApiError, type ReadingView } from '../api';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { flowKey, getFlow, setFlow } from '../flow';
import { afterReading } from '../hooks/useStatus';
import { AboutPersonPicker } from '../people/AboutPersonPicker';
import { DeckFan } from '../reading/DeckFan';
import { haptic } from '../telegram/bridge';
import { SpreadGrid } from './SpreadGrid';
import { dealSpread, getMySpreads, spreadKeys } from './spreads-api';
import '../reading/deck-fan.css';
import './spreads.css';

export default function CustomDeal() {
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const { data } = useApi(spreadKeys.list, getMySpreads);
  const spread = data?.spreads.find((s) => s.id === id) ?? null;
  const [question, setQuestion] = useState('');
  const [reading, setReading] = useState<ReadingView | null>(null);
  const [drawn, setDrawn] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = validateQuestion(question).ok;

  const deal = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await dealSpread(id, question.trim(), getFlow().personId ?? null);
      setReading(r);
      afterReading();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Не удалось разложить карты');
    } finally {
      setBusy(false);
    }
  };
  const answer = () => {
    if (!reading) return;
    setFlow({
      spreadType: 'custom',
      question: reading.question,
      readingId: reading.id,
      dealtFor: flowKey('custom', reading.question),
      revealed: reading.total,
      answered: false,
    });
    navigate('/interpretation');
  };

  return (
    <Page back={() => navigate('/my-spreads')} testId="custom-deal" loading={!data}>
      <header className="screen-head">
        <p className="kicker">Свой расклад</p>
        <h1 className="title">{spread?.name ?? 'Расклад'}</h1>
      </header>
      {data && !spread && <p className="hint">Расклад не найден.</p>}
      {spread && !reading && (
        <>
          <label className="visually-hidden" htmlFor="custom-question">
            Ваш вопрос
          </label>
          <textarea
            id="custom-question"
            className="textarea"
            rows={3}
            maxLength={QUESTION_MAX}
            placeholder="Сформулируйте вопрос своими словами"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            data-testid="custom-question"
          />
          <AboutPersonPicker />
          <SpreadGrid positions={spread.positions} />
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!valid || busy}
            onClick={() => void deal()}
            data-testid="custom-deal-go"
          >
            Разложить карты
          </button>
        </>
      )}
      {reading && (
        <>
          <p className="hint" data-testid="custom-counter">
            Выбрано карт: {drawn} из {reading.total}
          </p>
          <SpreadGrid positions={spread?.positions ?? []} cards={reading.cards.map((c, i) => (i < drawn ? c : null))} />
          {drawn < reading.total && (
            <DeckFan
              shuffling={false}
              canPick={drawn < reading.total}
              onPick={() => {
                haptic('reveal');
                setDrawn((n) => n + 1);
              }}
            />
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={drawn < reading.total}
            onClick={answer}
            data-testid="custom-answer"
          >
            Получить ответ
          </button>
        </>
      )}
      {error && (
        <p className="pay-message" role="alert" data-testid="custom-error">
          {error}
        </p>
      )}
    </Page>
  );
}
