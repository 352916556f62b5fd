// The daily «Урок»: three questions on the cards' meanings, each with three answers. The server chose the
// questions for the user's day and checks each answer (POST /api/lessons/today/answers); the screen shows what
// it said: right or wrong, the right answer, and the progress (the streak of days, lessons and answers).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { mutate } from 'swr';
import { getCard } from '../../../domain/tarot/deck';
import { CardImage } from '../components/CardImage';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon } from '../components/Icon';
import { Page } from '../components/Page';
import { asApiError, keys, useApi } from '../data';
import { answerLesson, getLesson, type Lesson as LessonData } from './library-api';
import { pluralRu } from '../../../domain/text/plural';
import './library.css';

const KEY = keys.lesson;

type Question = LessonData['questions'][number];

function QuestionCard({ q, onAnswer, busy }: { q: Question; onAnswer: (choice: number) => void; busy: boolean }) {
  const [, navigate] = useLocation();
  const card = getCard(q.cardId);
  const a = q.answered;
  return (
    <section
      className="panel lesson-question"
      data-testid={`lesson-question-${q.index}`}
      data-answered={a ? (a.correct ? 'right' : 'wrong') : undefined}
    >
      {/* The zoomed card shows its meaning: only once the question is answered. */}
      <div className="lesson-question-head">
        {card && (
          <CardImage
            image={card.image}
            id={card.id}
            name={card.name}
            size="small"
            width={56}
            reversed={q.orientation === 'reversed'}
            zoom={!!a}
          />
        )}
        <h2>
          {q.index + 1}. {q.prompt}
        </h2>
      </div>
      <div className="lesson-choices" role="group" aria-label={`Ответы на вопрос ${q.index + 1}`}>
        {q.choices.map((text, i) => (
          <button
            key={i}
            type="button"
            className={`lesson-choice${a && i === a.answer ? ' is-right' : ''}${a && i === a.choice && !a.correct ? ' is-wrong' : ''}`}
            disabled={!!a || busy}
            aria-pressed={a ? i === a.choice : undefined}
            onClick={() => onAnswer(i)}
            data-testid={`lesson-choice-${q.index}-${i}`}
          >
            {text}
          </button>
        ))}
      </div>
      {a && (
        <p className={`lesson-verdict ${a.correct ? 'is-right' : 'is-wrong'}`} role="status" data-testid={`lesson-verdict-${q.index}`}>
          {a.correct ? 'Верно!' : 'Не совсем: верный ответ отмечен.'}{' '}
          <button type="button" className="lib-link" onClick={() => navigate(`/library/${q.cardId}`)}>
            О карте
          </button>
        </p>
      )}
    </section>
  );
}

export default function Lesson() {
  const [, navigate] = useLocation();
  const { data, error, isValidating, reload } = useApi(KEY, getLesson);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function answer(question: number, choice: number) {
    setBusy(true);
    setFailed(null);
    try {
      await mutate(KEY, await answerLesson(question, choice), { revalidate: false });
    } catch (err) {
      setFailed(asApiError(err).message);
      reload();
    } finally {
      setBusy(false);
    }
  }

  const p = data?.progress;
  return (
    <Page back={() => navigate('/library')} loading={!data && !error} testId="lesson" className="library lesson">
      <header className="screen-head">
        <span className="screen-icon">
          <Icon name="sparkle" size={30} />
        </span>
        <h1 className="title">Урок дня</h1>
        <p className="hint">Три вопроса о значениях карт. Новый урок — каждый день.</p>
      </header>
      {error && !isValidating && <ErrorBlock message={error.message} onRetry={reload} />}
      {data && p && (
        <>
          <section className="panel lesson-progress" aria-label="Ваш прогресс" data-testid="lesson-progress">
            <span>
              <strong data-testid="lesson-streak">{p.streak}</strong>
              <span className="hint">{pluralRu(p.streak, 'день', 'дня', 'дней')} подряд</span>
            </span>
            <span>
              <strong>{p.lessonsDone}</strong>
              <span className="hint">{pluralRu(p.lessonsDone, 'урок пройден', 'урока пройдено', 'уроков пройдено')}</span>
            </span>
            <span>
              <strong>{p.answeredTotal ? Math.round((100 * p.correctTotal) / p.answeredTotal) : 0}%</strong>
              <span className="hint">верных ответов</span>
            </span>
          </section>
          {failed && (
            <p className="notice" role="alert">
              {failed}
            </p>
          )}
          {data.questions.map((q) => (
            <QuestionCard key={`${data.day}-${q.index}`} q={q} busy={busy} onAnswer={(choice) => void answer(q.index, choice)} />
          ))}
          {data.done && (
            <section className="panel center" data-testid="lesson-done">
              <h2>
                Урок пройден: {data.score} из {data.questions.length}
              </h2>
              <p className="hint">
                Рекорд — {p.bestStreak} {pluralRu(p.bestStreak, 'день', 'дня', 'дней')} подряд. Завтра будут новые вопросы.
              </p>
              <button type="button" className="btn btn-secondary" onClick={() => navigate('/library')}>
                В библиотеку
              </button>
            </section>
          )}
        </>
      )}
    </Page>
  );
}
