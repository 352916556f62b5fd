// The classification's JSON schema must be one OpenAI's strict structured outputs accept (every object closed
// with additionalProperties false and every property required): a schema it refuses would fail every screen
// quietly, leaving the local model alone. And the labels are read only when they are what the schema says.
import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_SCHEMA, readClassification } from './question-screen';

function objectsOf(node: unknown, path = '$'): [string, Record<string, any>][] {
  if (!node || typeof node !== 'object') return [];
  const n = node as Record<string, any>;
  const own: [string, Record<string, any>][] = n.type === 'object' ? [[path, n]] : [];
  return [...own, ...Object.entries(n.properties ?? {}).flatMap(([k, v]) => objectsOf(v, `${path}.${k}`))];
}

const labels = (crisis: string, confidence: number, concern = false) =>
  JSON.stringify({
    crisis: { value: crisis, confidence },
    concern: { value: concern, confidence },
    sensitive: { value: 'none', confidence },
    topic: { value: 'work', confidence },
    polarity: { value: 'neutral', confidence },
  });

describe('the question classification', () => {
  it('has a schema strict mode accepts: every object closed, every property required', () => {
    const objects = objectsOf(CLASSIFICATION_SCHEMA);
    expect(objects.length).toBe(6);
    for (const [path, o] of objects) {
      expect(o.additionalProperties, path).toBe(false);
      expect([...o.required].sort(), path).toEqual(Object.keys(o.properties).sort());
    }
  });

  it('reads a crisis or a concern at confidence 0.5 or more, and refuses anything else', () => {
    expect(readClassification(labels('violence', 0.8))).toEqual({ crisis: 'violence', concern: false });
    expect(readClassification(labels('self_harm', 0.4))).toEqual({ crisis: null, concern: false });
    expect(readClassification(labels('none', 0.9, true))).toEqual({ crisis: null, concern: true });
    for (const bad of [
      undefined,
      '',
      'не json',
      '{}',
      JSON.stringify({ crisis: { value: 'maybe', confidence: 1 }, concern: { value: false, confidence: 1 } }),
    ])
      expect(() => readClassification(bad)).toThrow();
  });
});
