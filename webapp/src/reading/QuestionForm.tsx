// The question's field: the text area counted to its limit, the hint that says what is missing, and the
// microphone that types it by voice.
import { NO_WORDS_ERROR, QUESTION_MAX, QUESTION_MIN } from '../../../domain/reading/question-input';
import { setFlow } from '../flow';
import { MicButton } from '../speech/MicButton';

export function QuestionForm(props: {
  question: string;
  placeholder: string;
  trimmed: number;
  words: boolean;
  valid: boolean;
  onSubmit: () => void;
}) {
  const { question, trimmed, words, valid } = props;
  return (
    <form
      className="question-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <label className="visually-hidden" htmlFor="question-input">
        Ваш вопрос
      </label>
      <textarea
        id="question-input"
        className="textarea"
        data-testid="question-input"
        required
        rows={4}
        maxLength={QUESTION_MAX}
        placeholder={props.placeholder}
        value={question}
        onChange={(e) => setFlow({ question: e.target.value.slice(0, QUESTION_MAX) })}
      />
      <div className="field-foot">
        <span className={`field-hint ${question.length > 0 && !valid ? 'is-error' : ''}`} data-testid="question-hint">
          {question.length > 0 && trimmed < QUESTION_MIN
            ? `Минимум ${QUESTION_MIN} символа`
            : trimmed > 0 && !words
              ? NO_WORDS_ERROR[0].toUpperCase() + NO_WORDS_ERROR.slice(1)
              : 'Сформулируйте вопрос своими словами'}
        </span>
        <span className="counter" data-testid="question-counter">
          {question.length}/{QUESTION_MAX}
        </span>
      </div>
      <MicButton onText={(text) => setFlow({ question: text.slice(0, QUESTION_MAX) })} />
    </form>
  );
}

/** The spread's example questions: a tap puts one in the field. */
export function QuestionExamples(props: { examples: readonly string[]; onPick: (example: string) => void }) {
  return (
    <section className="examples">
      <h2 className="section-title">Примеры вопросов</h2>
      <div className="chips">
        {props.examples.map((ex) => (
          <button type="button" key={ex} className="chip" onClick={() => props.onPick(ex)}>
            {ex}
          </button>
        ))}
      </div>
    </section>
  );
}
