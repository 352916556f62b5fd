// A reading in one of the user's own spreads: the question (and «О ком вопрос?»), then the server deals as many
// cards as there are positions, the user draws them from the same fan, each landing in its cell of the grid,
// and «Получить ответ» opens the interpretation, as for the catalogue's spreads.
import { useLocation, useSearch } from 'wouter';
import { QUESTION_MAX } from '../../../domain/reading/question-input';
import { Page } from '../components/Page';
import { useApi } from '../data';
import { AboutPersonPicker } from '../people/AboutPersonPicker';
import { CustomDraw } from './CustomDraw';
import { SpreadGrid } from './SpreadGrid';
import { getMySpreads, spreadKeys } from './spreads-api';
import { useCustomDeal } from './useCustomDeal';
import '../reading/deck-fan.css';
import './spreads.css';

export default function CustomDeal() {
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const { data } = useApi(spreadKeys.list, getMySpreads);
  const spread = data?.spreads.find((s) => s.id === id) ?? null;
  const { question, setQuestion, reading, drawn, setDrawn, error, busy, valid, deal, answer } = useCustomDeal(id);

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
        <CustomDraw
          reading={reading}
          positions={spread?.positions ?? []}
          drawn={drawn}
          onDraw={() => setDrawn((n) => n + 1)}
          onAnswer={answer}
        />
      )}
      {error && (
        <p className="pay-message" role="alert" data-testid="custom-error">
          {error}
        </p>
      )}
    </Page>
  );
}
