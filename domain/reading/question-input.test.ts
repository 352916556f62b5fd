import { describe, expect, it } from 'vitest';
import { validateQuestion } from './question-input';

describe('question validation', () => {
  it('trims and checks 3..500', () => {
    expect(validateQuestion('  да? ')).toEqual({ ok: true, question: 'да?' });
    expect(validateQuestion('  аб  ').ok).toBe(false);
    expect(validateQuestion('я'.repeat(500)).ok).toBe(true);
    expect(validateQuestion('я'.repeat(501))).toMatchObject({ ok: false, error: expect.stringMatching(/^question: .*500/) });
    expect(validateQuestion(42).ok).toBe(false);
  });
});
