// The validator's refusals: the field first, then the rule, in Russian even where a schema spells out no
// message of its own (zod's Russian locale, set by api/http.ts).
import { Hono } from 'hono';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { validate } from './http';

describe('validate', () => {
  const app = new Hono().post('/', validate('json', z.object({ count: z.number() })), (c) => c.json({ ok: true }));

  it("names the field and reads zod's own rule in Russian", async () => {
    const res = await app.request('/', {
      method: 'POST',
      body: JSON.stringify({ count: 'три' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('count: Неверный ввод: ожидалось число, получено string');
  });
});
