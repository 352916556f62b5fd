import { describe, expect, it } from 'vitest';
import { SPREADS } from '../tarot/spreads';
import { roleOf } from './roles';

describe('position roles', () => {
  it('the interpreter reads each position by the role the spread catalogue gives it', () => {
    for (const s of SPREADS) for (const [i, pid] of s.positionIds.entries()) expect(roleOf(pid), `${s.id}: ${pid}`).toBe(s.roles[i]);
  });
});
