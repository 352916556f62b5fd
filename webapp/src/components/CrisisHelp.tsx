// Instead of cards, when a question speaks of suicide, self-harm or violence at home: the warm message, the
// free help lines as tappable numbers (from domain/reading/crisis.ts, or as the server sent them) and the way back
// to the cards later.
import { useLocation } from 'wouter';
import type { CrisisAnswer } from '../../../domain/reading/crisis';

export function CrisisHelp(props: { answer: CrisisAnswer; onChangeQuestion?: () => void }) {
  const [, navigate] = useLocation();
  const { answer } = props;
  return (
    <section className="panel crisis-help" role="alert" data-testid="crisis-help">
      <h2>Сейчас важнее поддержка</h2>
      <p data-testid="crisis-message">{answer.message}</p>
      <ul className="crisis-lines">
        {answer.lines.map((l) => (
          <li key={l.phone}>
            <a className="crisis-phone" href={`tel:${l.tel}`} data-testid="crisis-line">
              {l.phone}
            </a>
            <span>
              <strong>{l.name}</strong> — {l.note}
            </span>
          </li>
        ))}
      </ul>
      <p className="hint">{answer.returnLater}</p>
      <div className="stack">
        {props.onChangeQuestion && (
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={props.onChangeQuestion}
            data-testid="crisis-change-question"
          >
            Вернуться к вопросу
          </button>
        )}
        <button type="button" className="btn btn-secondary btn-block" onClick={() => navigate('/')} data-testid="crisis-home">
          На главную
        </button>
      </div>
    </section>
  );
}
