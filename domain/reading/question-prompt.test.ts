// The AI prompt carries the question model: the kind, an either/or's options as quoted data, the polarity
// of a yes/no and the rules of a sensitive theme; the follow-up prompt carries the follow-up's own.
import { describe, expect, it } from 'vitest';
import { buildFollowUpFallback, buildFollowUpMessages, type FollowUpInput } from './follow-up';
import { CARD_BY_ID } from '../tarot/deck';
import { buildUserPrompt, promptCards } from './prompts';

const prompt = (question: string, spreadType = 'past_present_future') =>
  buildUserPrompt({
    spreadType,
    question,
    level: 'basic',
    cards: promptCards(spreadType, [{ cardId: 'sun', position: 0, orientation: 'upright' }]),
  });

describe('the question model in the AI prompt', () => {
  it('a feared event: favourable cards mean «скорее нет»', () => {
    const p = prompt('Изменяет ли мне муж?');
    expect(p).toContain('Вид вопроса: «да или нет»');
    expect(p).toContain('Человек опасается события');
    expect(p).toContain('благоприятные карты означают «скорее нет»');
  });

  it('a hoped event', () => expect(prompt('Вернётся ли он ко мне?')).toContain('Человек надеется на событие'));

  it('an either/or names both options as quoted data, without quote marks of the user’s', () => {
    const p = prompt('Уехать в «Германию» или остаться в Москве?');
    expect(p).toContain('выбор между двумя вариантами: «Уехать в Германию» и «остаться в Москве»');
    expect(p).toContain('Назови словами человека тот вариант');
  });

  it('a sensitive theme: no yes/no, no prognosis, the professional', () => {
    const p = prompt('Выздоровеет ли мама?');
    expect(p).toContain('Тема чувствительная (здоровье и болезнь)');
    expect(p).toContain('Не давай ответа «да» или «нет»');
    expect(p).toContain('специалисту: врач');
    expect(p).not.toContain('Вид вопроса: «да или нет»');
    expect(prompt('Выиграю ли я суд?')).toContain('специалисту: юрист');
    expect(prompt('Брать ли ипотеку?')).toContain('специалисту: финансовый консультант');
  });

  it('timing, open, vague, another person, family', () => {
    expect(prompt('Когда я встречу свою любовь?')).toContain('Жезлы — дни, Кубки — недели');
    expect(prompt('Как мне быть дальше?')).toContain('Вид вопроса: открытый');
    expect(prompt('ну вот')).toContain('Вопрос сформулирован неясно');
    expect(prompt('Что он чувствует ко мне?')).toContain('Вопрос о другом человеке');
    expect(prompt('Как наладить отношения с сестрой?')).toContain('Тема — семья и близкие');
  });

  const followUp = (text: string): FollowUpInput => ({
    spreadType: 'past_present_future',
    question: 'Что меня ждёт?',
    cards: [{ cardId: 'sun', position: 0, orientation: 'upright' }],
    interpretation: null,
    earlier: [],
    followUp: text,
    card: CARD_BY_ID.get('star')!,
    orientation: 'upright',
  });

  it('the follow-up prompt carries the follow-up’s own model', () => {
    const [, user] = buildFollowUpMessages(followUp('А мама поправится после операции?'));
    expect(user.content).toContain('Тема чувствительная (здоровье и болезнь)');
    expect(user.content).toContain('специалисту: врач');
  });

  it('the card-based follow-up answer to a sensitive question names the professional, and only then', () => {
    expect(buildFollowUpFallback(followUp('А мама поправится после операции?'))).toContain('с этим вопросом вам поможет врач');
    expect(buildFollowUpFallback(followUp('А суд мы выиграем?'))).toContain('вам поможет юрист');
    expect(buildFollowUpFallback(followUp('А что будет на работе?'))).not.toContain('прогнозов');
  });
});
