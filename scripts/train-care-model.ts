// `npm run train:care`: trains the learned care layer (domain/reading/understanding/care-model.ts) on the
// development corpus, prints its leave-one-writer-out figures (train on two writers, read the third), picks
// the thresholds from those out-of-fold scores and writes the model trained on every writer to
// care-model-weights.ts. Deterministic: the same corpus gives the same file. `--dry` prints without writing;
// `--misses` also lists the crises missed and the near-misses flagged at the recall point.
import fs from 'node:fs';
import path from 'node:path';
import { detectConcern, detectCrisis } from '../domain/crisis';
import { CARE_BUCKETS, careFeatures } from '../domain/reading/understanding/care-model-features';
import {
  CARE_PRECISION,
  CARE_RECALL,
  CARE_TARGETS,
  CARE_TRAINING,
  type CareExample,
  type CareReport,
  type CareThresholds,
  CONCERN_RECALL,
  careLabel,
  averagePrecisionByWriter,
  careReport,
  chooseThresholds,
  leaveOneWriterOut,
  parseCareCorpus,
  quantize,
  trainLinear,
} from '../domain/reading/understanding/care-model-train';

const ROOT = path.join(import.meta.dirname, '..');
const CORPUS = path.join(ROOT, 'domain/reading/corpus/dev');
const OUT = path.join(ROOT, 'domain/reading/understanding/care-model-weights.ts');

/** The development corpus: one JSON Lines file per writer (writer-N.jsonl). */
function readDevCorpus(dir: string): CareExample[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => parseCareCorpus(f.replace(/\.jsonl$/, ''), fs.readFileSync(path.join(dir, f), 'utf8')));
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function line(name: string, r: CareReport): string {
  const f = (k: 'selfHarm' | 'violence' | 'crisis' | 'concern') =>
    `${k} P ${pct(r[k].precision)} R ${pct(r[k].recall)} (${r[k].truePositives}/${r[k].positives}, ${r[k].falsePositives} fp)`;
  const nm = r.nearMissFalseCrisis;
  return `  ${name.padEnd(8)} ${f('crisis')} | ${f('selfHarm')} | ${f('violence')} | ${f('concern')} | near-miss false crisis ${nm.flagged}/${nm.of} ${pct(nm.rate)}`;
}

async function main() {
  const dry = process.argv.includes('--dry');
  const examples = readDevCorpus(CORPUS);
  const writers = [...new Set(examples.map((e) => e.writer))];
  const started = performance.now();
  const scores = leaveOneWriterOut(examples);
  const thresholds = chooseThresholds(examples, scores);
  // What the layer adds to the rules (domain/crisis.ts as it is in this tree), OR-ed as an integrator would:
  // a rule's verdict counts as a score of 1. Rules tuned on this same corpus would make this line optimistic.
  const rules = examples.map((e) => ({ crisis: detectCrisis(e.text), concern: detectConcern(e.text) }));
  const withRules = scores.map((s, i) => ({
    selfHarm: rules[i].crisis === 'self_harm' ? 1 : s.selfHarm,
    violence: rules[i].crisis === 'violence' ? 1 : s.violence,
    concern: rules[i].concern ? 1 : s.concern,
  }));
  const rulesOnly = rules.map((r) => ({
    selfHarm: r.crisis === 'self_harm' ? 1 : 0,
    violence: r.crisis === 'violence' ? 1 : 0,
    concern: r.concern ? 1 : 0,
  }));
  console.log(`today's rules (domain/crisis.ts) on the same questions:`);
  console.log(line('rules', careReport(examples, rulesOnly, { selfHarm: 1, violence: 1, concern: 1 })));
  console.log(`leave-one-writer-out on ${examples.length} questions (${writers.join(', ')}), ${CARE_BUCKETS} buckets`);
  const round = (t: CareThresholds) => JSON.stringify(t, (_, v) => (typeof v === 'number' ? +v.toFixed(4) : v));
  const points: [string, CareThresholds, string][] = [
    ['recall', thresholds.recall, `crisis kinds at recall ≥ ${CARE_RECALL}, concern ≥ ${CONCERN_RECALL}`],
    ['precise', thresholds.precise, `each target at precision ≥ ${CARE_PRECISION}`],
  ];
  for (const [name, t, why] of points) {
    console.log(`${name} point (${why}), thresholds ${round(t)}`);
    for (const writer of writers) {
      const idx = examples.flatMap((e, i) => (e.writer === writer ? [i] : []));
      const report = careReport(
        idx.map((i) => examples[i]),
        idx.map((i) => scores[i]),
        t,
      );
      console.log(line(writer, report));
    }
    console.log(line('overall', careReport(examples, scores, t)));
    console.log(line('rules OR', careReport(examples, withRules, t)));
  }
  console.log('average precision (no threshold) of each writer read by a model trained on the others:');
  for (const [writer, ap] of Object.entries(averagePrecisionByWriter(examples, scores)))
    console.log(
      `  ${writer.padEnd(8)} ${Object.entries(ap)
        .map(([k, v]) => `${k} ${v.toFixed(3)}`)
        .join(' | ')}`,
    );
  if (process.argv.includes('--misses')) {
    const t = thresholds.recall;
    examples.forEach((e, i) => {
      const s = scores[i];
      const crisis = s.selfHarm >= t.selfHarm || s.violence >= t.violence;
      if ((e.selfHarm || e.violence) && !crisis) console.log(`  missed ${e.writer}: ${e.text.slice(0, 140)}`);
      if (e.nearMiss && crisis) console.log(`  near-miss flagged ${e.writer}: ${e.text.slice(0, 140)}`);
    });
  }
  console.log(`cross-validation took ${Math.round(performance.now() - started)} ms`);
  if (dry) return;

  const rows = examples.map((e) => careFeatures(e.text));
  const targets = CARE_TARGETS.flatMap((target) => {
    const labels = examples.map((e) => careLabel(target, e));
    const q = quantize(trainLinear(rows, labels, CARE_TRAINING));
    const bytes = Buffer.from(q.bytes.buffer, q.bytes.byteOffset, q.bytes.byteLength).toString('base64');
    return [`  ${target}: {`, `    bias: ${q.bias},`, `    scale: ${q.scale},`, '    weights:', `      '${bytes}',`, '  },'];
  });
  // Rounded down to six decimals: a threshold a hair lower keeps every catch the exact one had.
  const stored = (t: CareThresholds) => `{ ${CARE_TARGETS.map((k) => `${k}: ${Math.floor(t[k] * 1e6) / 1e6}`).join(', ')} }`;
  // Laid out as the formatter (biome) lays it out, so a retrained file passes `npm run lint` as written.
  const text = [
    '// Generated by `npm run train:care` (scripts/train-care-model.ts) from domain/reading/corpus/dev: do not edit.',
    `// Logistic regression per target over ${CARE_BUCKETS} hashed buckets; each weight a signed byte × scale, base64.`,
    '// Thresholds chosen on leave-one-writer-out scores (docs/decisions.md, «The learned care layer»).',
    'export const CARE_WEIGHTS = {',
    `  buckets: ${CARE_BUCKETS},`,
    ...targets,
    '  thresholds: {',
    `    recall: ${stored(thresholds.recall)},`,
    `    precise: ${stored(thresholds.precise)},`,
    '  },',
    '};',
    '',
  ].join('\n');
  fs.writeFileSync(OUT, text);
  console.log(`wrote ${path.relative(ROOT, OUT)} (${(text.length / 1024).toFixed(1)} KiB)`);

  // The written model as the app would call it: the first call decodes the weights, the rest are timed.
  const { careScores } = await import('../domain/reading/understanding/care-model');
  let t0 = performance.now();
  careScores(examples[0].text);
  const first = performance.now() - t0;
  const rounds = 20;
  const calls = rounds * examples.length;
  // CPU time beside wall time: on a machine shared with other work the wall clock measures the neighbours.
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  for (let r = 0; r < rounds; r++) for (const e of examples) careScores(e.text);
  const wall = ((performance.now() - t0) * 1000) / calls;
  const used = process.cpuUsage(cpu0);
  const cpu = (used.user + used.system) / calls;
  console.log(
    `careScores: first call (decoding) ${first.toFixed(1)} ms, then ${cpu.toFixed(1)} µs CPU (${wall.toFixed(1)} µs wall) per call on average over ${calls} calls`,
  );
}

await main();
