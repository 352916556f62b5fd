// The question: per-spread title, icon, description, placeholder and four examples; a
// required text area counted to 500; Continue only for 3..500 characters (trimmed). The text is kept in
// sessionStorage as it is typed, so a reload or a lost connection does not lose it.
import { useEffect, useState } from 'react';
import { assessCare, crisisAnswer, type CrisisAnswer } from '../../../domain/reading/crisis';
import { useLocation } from 'wouter';
import { hasWords, NO_WORDS_ERROR, QUESTION_MAX, QUESTION_MIN } from '../../../domain/reading/question-input';
import { getSpread } from '../../../domain/tarot/spreads';
import { CrisisHelp } from '../components/CrisisHelp';
import { MainAction } from '../components/MainAction';
import { SpreadIcon } from '../components/Icon';
import { Page } from '../components/Page';
import { flowKey, setFlow, useFlow } from '../flow';
import { AboutPersonPicker } from '../people/AboutPersonPicker';
import { haptic } from '../telegram/bridge';
import { MicButton } from '../speech/MicButton';

export default function Question() {
  const [, navigate] = useLocation();
  const flow = useFlow();
  const spread = getSpread(flow.spreadType) ?? getSpread('free_daily')!;
  const question = flow.question;
  const trimmed = question.trim().length;
  const words = hasWords(question);
  const valid = trimmed >= QUESTION_MIN && trimmed <= QUESTION_MAX && words;
  // Cards already dealt for an earlier wording of this spread's question: changing it starts a new reading.
  const pending =
    !flow.answered &&
    flow.readingId !== null &&
    flow.dealtFor?.startsWith(`${spread.id}\n`) &&
    flow.dealtFor !== flowKey(spread.id, question)
      ? flow.dealtFor.slice(spread.id.length + 1)
      : null;

  // The next screens load now, so a connection lost while typing does not stop the reading.
  useEffect(() => {
    void import('./Cards').catch(() => {});
    void import('./Interpretation').catch(() => {});
  }, []);

  // A question that speaks of a crisis gets help lines here, before any card is dealt (the server refuses it too).
  const [crisis, setCrisis] = useState<CrisisAnswer | null>(null);

  const submit = () => {
    if (!valid) return;
    const kind = assessCare(question).crisis;
    if (kind) {
      setCrisis(crisisAnswer(kind));
      return;
    }
    // An answered reading is never reopened by asking again: that is a new reading.
    if (flow.answered) setFlow({ readingId: null, dealtFor: null, revealed: 0, answered: false, microPurchaseId: null });
    setFlow({ spreadType: spread.id, question: question.trim() });
    // «Свой расклад»: the user enters the cards of their own deck instead of the server dealing them.
    navigate(flow.ownDeck ? '/own-deck' : '/cards');
  };

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

      <form
        className="question-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
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
          placeholder={spread.question.placeholder}
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

      <section className="examples">
        <h2 className="section-title">Примеры вопросов</h2>
        <div className="chips">
          {spread.question.examples.map((ex) => (
            <button
              type="button"
              key={ex}
              className="chip"
              onClick={() => {
                haptic('select');
                setFlow({ question: ex });
              }}
            >
              {ex}
            </button>
          ))}
        </div>
      </section>
    </Page>
  );
}
