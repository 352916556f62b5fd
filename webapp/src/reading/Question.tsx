// The question: per-spread title, icon, description, placeholder and four examples; a
// required text area counted to 500; Continue only for 3..500 characters (trimmed). The text is kept in
// sessionStorage as it is typed, so a reload or a lost connection does not lose it.
import { CrisisHelp } from '../components/CrisisHelp';
import { SpreadIcon } from '../components/Icon';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { setFlow } from '../flow';
import { AboutPersonPicker } from '../people/AboutPersonPicker';
import { haptic } from '../telegram/bridge';
import { QuestionExamples, QuestionForm } from './QuestionForm';
import { useQuestion } from './useQuestion';

export default function Question() {
  const { navigate, flow, spread, question, trimmed, words, valid, pending, crisis, setCrisis, submit } = useQuestion();

  if (crisis)
    return (
      <Page back={() => setCrisis(null)} testId="question">
        <CrisisHelp answer={crisis} onChangeQuestion={() => setCrisis(null)} />
      </Page>
    );

  return (
    <Page back={() => navigate('/')} testId="question">
      <header className="screen-head">
        <span className="screen-icon">
          <SpreadIcon spreadType={spread.id} size={30} />
        </span>
        <p className="kicker">{spread.name}</p>
        <h1 className="title" data-testid="question-title">
          {spread.question.title}
        </h1>
        <p className="hint">{spread.question.description}</p>
        {flow.ownDeck && (
          <p className="pay-message is-ok" data-testid="own-deck-note">
            Своя колода: задайте вопрос, разложите свои карты, а на следующем шаге отметьте, какие легли.
          </p>
        )}
        {flow.microPurchaseId && !flow.answered && (
          <p className="pay-message is-ok" data-testid="micro-spread-note">
            Этот расклад входит в ваш микро-пакет: без доплаты и без списания дневного лимита.
          </p>
        )}
      </header>

      <QuestionForm
        question={question}
        placeholder={spread.question.placeholder}
        trimmed={trimmed}
        words={words}
        valid={valid}
        onSubmit={submit}
      />

      {!flow.microPurchaseId && <AboutPersonPicker />}

      <MainAction text="Продолжить" enabled={valid} onClick={submit} testId="question-continue" />

      {pending && (
        <div className="notice" data-testid="pending-reading">
          <p>Карты уже разложены для вопроса «{pending}». Если изменить вопрос, начнётся новый расклад.</p>
          <button type="button" className="btn btn-secondary" onClick={() => setFlow({ question: pending })}>
            Вернуть прежний вопрос
          </button>
        </div>
      )}

      <QuestionExamples
        examples={spread.question.examples}
        onPick={(ex) => {
          haptic('select');
          setFlow({ question: ex });
        }}
      />
    </Page>
  );
}
