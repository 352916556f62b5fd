// Question validation: required, trimmed length 3..500.
export const QUESTION_MIN = 3;
export const QUESTION_MAX = 500;

export type QuestionCheck = { ok: true; question: string } | { ok: false; error: string };

export function validateQuestion(raw: unknown): QuestionCheck {
  if (typeof raw !== 'string') return { ok: false, error: 'question: введите вопрос' };
  const question = raw.trim();
  if (question.length < QUESTION_MIN)
    return { ok: false, error: `question: вопрос должен содержать не меньше ${QUESTION_MIN} символов` };
  if (question.length > QUESTION_MAX)
    return { ok: false, error: `question: вопрос должен содержать не больше ${QUESTION_MAX} символов` };
  return { ok: true, question };
}
