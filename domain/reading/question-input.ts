// The reading question's rule, the same for the form, the API and the bot: required, trimmed length 3..500,
// and written in words (at least two letters: «🔮🔮» or «???» is not a question the cards can answer).
export const QUESTION_MIN = 3;
export const QUESTION_MAX = 500;
export const QUESTION_MIN_LETTERS = 2;

export const NO_WORDS_ERROR = 'напишите вопрос словами — хотя бы две буквы';

export type QuestionCheck = { ok: true; question: string } | { ok: false; error: string };

/** The question has at least QUESTION_MIN_LETTERS letters of any alphabet. */
export const hasWords = (text: string): boolean => (text.match(/\p{L}/gu)?.length ?? 0) >= QUESTION_MIN_LETTERS;

export function validateQuestion(raw: unknown): QuestionCheck {
  if (typeof raw !== 'string') return { ok: false, error: 'question: введите вопрос' };
  const question = raw.trim();
  if (question.length < QUESTION_MIN) return { ok: false, error: `question: вопрос должен содержать не меньше ${QUESTION_MIN} символов` };
  if (question.length > QUESTION_MAX) return { ok: false, error: `question: вопрос должен содержать не больше ${QUESTION_MAX} символов` };
  if (!hasWords(question)) return { ok: false, error: `question: ${NO_WORDS_ERROR}` };
  return { ok: true, question };
}
