// The daily «Урок»: today's lesson and an answer to one of its questions (checked on the server).
import { Hono } from 'hono';
import * as z from 'zod';
import { LESSON_CHOICES, LESSON_SIZE } from '../../domain/tarot/lesson';
import type { Services } from '../../services';
import type { AppEnv } from '../auth';
import { ok, validate } from '../http';

const answerBody = z.object({
  question: z
    .number({ error: 'ожидается номер вопроса' })
    .int('ожидается номер вопроса')
    .min(0, `вопросы с 0 по ${LESSON_SIZE - 1}`)
    .max(LESSON_SIZE - 1, `вопросы с 0 по ${LESSON_SIZE - 1}`),
  choice: z
    .number({ error: 'ожидается номер ответа' })
    .int('ожидается номер ответа')
    .min(0, `ответы с 0 по ${LESSON_CHOICES - 1}`)
    .max(LESSON_CHOICES - 1, `ответы с 0 по ${LESSON_CHOICES - 1}`),
});

export const lessonRoutes = (s: Services) =>
  new Hono<AppEnv>()
    .get('/today', async (c) => ok(c, await s.lessons.today(c.var.userId)))
    .post('/today/answers', validate('json', answerBody), async (c) => {
      const { question, choice } = c.req.valid('json');
      return ok(c, await s.lessons.answer(c.var.userId, question, choice));
    });
