// The library's and the lesson's calls (server: api/routes/cards.ts and lessons.ts).
import { call, client, type DataOf } from '../api';

export const getCardPage = (id: string) => call(client.cards[':id'].$get({ param: { id } }));
export const getLesson = () => call(client.lessons.today.$get());
export const answerLesson = (question: number, choice: number) => call(client.lessons.today.answers.$post({ json: { question, choice } }));

export type Lesson = DataOf<typeof client.lessons.today.$get>;
export type CardHistory = DataOf<(typeof client.cards)[':id']['$get']>['history'];
