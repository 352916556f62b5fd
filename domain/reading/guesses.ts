// The local question model's guesses as the AI prompt carries them: «вероятно…» with a rough confidence, which
// the model may correct for the topic and the polarity when the question's words plainly say otherwise, and
// never for a crisis or a sensitive theme (those rules hold whatever the model thinks). The confidence is
// coarse: a topic the question names is surer than one taken from the spread, a feared event (its words were
// found) surer than the hoped default.
import { CONCERN_PROMPT_LINES } from './care';
import { getSpread } from '../tarot/spreads';
import { readQuestion, type QuestionFacts } from './question';

const TOPIC_NAMES: Record<QuestionFacts['topic'], string> = {
  love: 'любовь и отношения',
  family: 'семья и близкие',
  work: 'работа, учёба и карьера',
  money: 'деньги',
  health: 'здоровье',
  self: 'сам человек, его путь и состояние',
  general: 'общая, без одной темы',
};

const pct = (x: number) => `${Math.round(x * 100)} %`;

/** The lines that frame the question model's facts as guesses, and the concern tier's rules. */
export function guessLines(question: string, spreadType: string): string[] {
  const q = readQuestion(question, spreadType);
  const fromSpread = q.topic === (getSpread(spreadType)?.topic ?? 'general');
  const lines = [
    'Догадки программы о вопросе (по его словам; это предположения, а не факты):',
    `- Вероятно, тема вопроса — ${TOPIC_NAMES[q.topic]} (уверенность ${pct(fromSpread ? 0.5 : 0.8)}).`,
  ];
  if (q.kind === 'yesno' && !q.sensitive)
    lines.push(
      `- Вероятно, человек ${q.polarity === 'feared' ? 'опасается события, о котором спрашивает' : 'надеется на событие, о котором спрашивает'} (уверенность ${pct(q.polarity === 'feared' ? 0.7 : 0.6)}).`,
    );
  lines.push(
    '- Тему и то, надеется человек или опасается, ты можешь поправить, если слова вопроса ясно говорят другое; тогда следуй словам вопроса. Правила о кризисе и о чувствительных темах не поправляй никогда: они действуют всегда.',
  );
  if (q.concern) lines.push(...CONCERN_PROMPT_LINES);
  return lines;
}
