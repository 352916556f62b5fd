// The question model as the AI prompt carries it: what kind of question it is (with an either/or's options),
// whether the event is hoped for or feared, and the rules of a sensitive theme. A crisis question never gets
// here: the services answer it with help lines before any prompt is built.
import { readQuestion, type QuestionFacts } from './question';

const SENSITIVE_NAMES: Record<NonNullable<QuestionFacts['sensitive']>, string> = {
  health: 'здоровье и болезнь',
  pregnancy: 'беременность',
  child_health: 'здоровье ребёнка',
  death: 'жизнь и смерть',
  legal: 'суд и юридический исход',
  investment: 'крупные деньги и вложения',
  addiction: 'зависимость',
  pet_health: 'здоровье питомца',
};

const KIND_LINES: Record<Exclude<QuestionFacts['kind'], 'choice'>, string> = {
  yesno:
    'Вид вопроса: «да или нет». Дай ясный ответ с его силой («да», «скорее да», «неясно», «скорее нет», «нет») и назови карты, на которых он держится.',
  timing:
    'Вид вопроса: о сроке («когда»). Дай ориентир по картам, а не точную дату: Жезлы — дни, Кубки — недели, Мечи — от недель до месяцев, Пентакли — месяцы; старшие арканы — поворотные события, после которых всё сдвинется.',
  open: 'Вид вопроса: открытый. Ответь из позиции, которая на него отвечает: «как» — из совета, «почему» — из прошлого или препятствия, «что ждёт» — из итога или будущего.',
  vague: 'Вопрос сформулирован неясно. Дай общий ответ по раскладу и мягко предложи в следующий раз спросить о чём-то одном.',
};

/**
 * Lines for the user message. `quote` renders the user's own words as quoted data (the prompt's rule), so
 * an option of an either/or is never read as an instruction.
 */
export function questionModelLines(question: string, spreadType: string, quote: (s: string) => string): string[] {
  const q = readQuestion(question, spreadType);
  const lines = ['Что известно о вопросе (определено по его словам; учитывай это в ответе):'];
  if (q.sensitive) {
    lines.push(
      `- Тема чувствительная (${SENSITIVE_NAMES[q.sensitive]}). Не давай ответа «да» или «нет» и никаких прогнозов о теле, болезни, беременности, сроках жизни или исходе дела; говори о поддержке, отношении и следующих шагах и обязательно посоветуй обратиться к специалисту: ${q.professional!.nom}.`,
    );
  } else if (q.kind === 'choice' && q.options) {
    const [a, b] = q.options;
    lines.push(
      `- Вид вопроса: выбор между двумя вариантами: «${quote(a)}» и «${quote(b)}». Назови словами человека тот вариант, который поддерживают карты, и объясни почему.`,
    );
  } else if (q.kind !== 'choice') {
    lines.push(`- ${KIND_LINES[q.kind]}`);
  }
  if (!q.sensitive && q.kind === 'yesno') {
    lines.push(
      q.polarity === 'feared'
        ? '- Человек опасается события, о котором спрашивает: благоприятные карты означают «скорее нет» (опасение не подтверждается), тяжёлые — «скорее да», но как повод прояснить ситуацию, а не приговор.'
        : '- Человек надеется на событие, о котором спрашивает: благоприятные карты означают «скорее да», тяжёлые — «скорее нет».',
    );
  }
  if (q.aboutOther)
    lines.push('- Вопрос о другом человеке: говори о его возможном настрое бережно, как о тенденции, и не утверждай за него.');
  if (q.topic === 'family') lines.push('- Тема — семья и близкие (родители, братья и сёстры, дети), а не романтические отношения.');
  lines.push('- Практический совет в конце должен вытекать из ответа и не противоречить ему.');
  return lines;
}
