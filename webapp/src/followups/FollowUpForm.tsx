// The field for the next follow-up: the question, how many are left of the plan's, and «Уточнить».
import { FOLLOW_UP_QUESTION_MAX } from '../../../domain/reading/follow-up';
import type { FollowUpAllowance } from './follow-up-api';

export function FollowUpForm(props: {
  question: string;
  onQuestion: (q: string) => void;
  allowance: FollowUpAllowance;
  valid: boolean;
  busy: boolean;
  onSubmit: () => void;
}) {
  const { question, allowance, busy } = props;
  return (
    <form
      className="panel follow-up-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <label htmlFor="follow-up-input" className="follow-up-label">
        Что бы вы хотели уточнить? Карты вытянут ещё одну карту для ответа.
      </label>
      <textarea
        id="follow-up-input"
        className="textarea"
        value={question}
        maxLength={FOLLOW_UP_QUESTION_MAX}
        placeholder="Например: что мне сделать в первую очередь?"
        onChange={(e) => props.onQuestion(e.target.value)}
        disabled={busy}
        data-testid="follow-up-input"
      />
      <div className="field-foot">
        <span data-testid="follow-up-remaining">
          Осталось уточнений: {allowance.remaining} из {allowance.limit}
        </span>
        <span className="counter">
          {question.length}/{FOLLOW_UP_QUESTION_MAX}
        </span>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={!props.valid || busy} data-testid="follow-up-ask">
        {busy ? 'Карты отвечают…' : 'Уточнить'}
      </button>
    </form>
  );
}
