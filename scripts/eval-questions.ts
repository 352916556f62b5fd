// `npm run eval:questions`: the question model against the labelled corpus, part by part (dev: the writers
// the rules were tuned on; heldout: writers nobody tuning the rules has read). Prints precision and recall per
// label value, accuracies, the near-miss rates and the floors. `--part dev` reads one part; `--misreads` also
// lists the dev part's misreads (for tuning); `--json` prints the reports as JSON (aggregates only: the
// held-out misreads are left out). `--show-heldout` is for an outside auditor only: it also prints the
// questions misread for the held-out part's worst labels. Whoever tunes the rules must never use it (nor
// read the held-out files): once the held-out questions are seen, the held-out figures stop measuring
// phrasings nobody had in mind.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  brokenFloors,
  type CorpusRow,
  evaluate,
  floorFigures,
  GOALS,
  type PartReport,
  parseCorpus,
  predict,
} from '../domain/reading/corpus/metrics';

const CORPUS = path.join(import.meta.dirname, '..', 'domain', 'reading', 'corpus');
const PARTS = ['dev', 'heldout'] as const;

/** Every JSON Lines file of a part, each file one writer; none when the folder is absent. */
function readPart(part: string): CorpusRow[] {
  const dir = path.join(CORPUS, part);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => parseCorpus(fs.readFileSync(path.join(dir, f), 'utf8'), `${part}/${f}`));
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6);

function print(part: string, r: PartReport): void {
  console.log(`\n== ${part}: ${r.questions} questions`);
  for (const [label, values] of Object.entries(r.labels)) {
    if (label === 'options') continue;
    console.log(`  ${label}  accuracy ${pct(r.accuracy[label])}`);
    for (const [v, s] of Object.entries(values)) {
      if (!s.support && !s.predicted) continue;
      console.log(`    ${v.padEnd(14)} P ${pct(s.precision)}  R ${pct(s.recall)}  (corpus ${s.support}, model ${s.predicted})`);
    }
  }
  console.log(`  options (exact-ish, either/or in corpus or model)  accuracy ${pct(r.accuracy.options)}`);
  console.log(
    `  near-misses ${r.nearMisses}: false crisis ${pct(r.nearMissFalseCrisis)}, false sensitive ${pct(r.nearMissFalseSensitive)}`,
  );
  const figures = floorFigures(r);
  console.log(
    `  floors: ${Object.entries(figures)
      .map(([k, v]) => `${k} ${v.toFixed(3)}`)
      .join(', ')}`,
  );
  const broken = brokenFloors(r);
  console.log(broken.length ? `  BELOW FLOOR: ${broken.join('; ')}` : '  all floors kept');
  const short = brokenFloors(r, GOALS, 'goal');
  console.log(short.length ? `  short of the goals: ${short.join('; ')}` : '  every goal reached');
}

/** The values with the lowest recall (at least a few questions each), with their misread questions. */
function printWorst(r: PartReport, n = 6, each = 12): void {
  const candidates: { label: string; value: string; recall: number }[] = [];
  for (const [label, values] of Object.entries(r.labels))
    for (const [value, s] of Object.entries(values))
      if (s.support >= 3 && !['none', 'no', 'false'].includes(value)) candidates.push({ label, value, recall: s.recall });
  candidates.sort((a, b) => a.recall - b.recall);
  console.log('\n  misread questions of the worst labels:');
  for (const c of candidates.slice(0, n)) {
    console.log(`  -- ${c.label}=${c.value} (recall ${pct(c.recall)})`);
    for (const m of r.misreads[c.label][c.value].filter((m) => m.want === c.value).slice(0, each))
      console.log(`     [${m.writer}] got ${m.got}: ${m.q.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  for (const [kind, list] of Object.entries(r.misreads.near_miss)) {
    if (!list.length) continue;
    console.log(`  -- near-miss read as ${kind}`);
    for (const m of list.slice(0, each)) console.log(`     [${m.writer}] got ${m.got}: ${m.q.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
}

function printAll(r: PartReport): void {
  for (const [label, values] of Object.entries(r.misreads))
    for (const [value, list] of Object.entries(values))
      for (const m of list)
        if (m.want === value || label === 'options' || label === 'near_miss')
          console.log(`MISREAD ${label}=${value} got=${m.got} [${m.writer}] ${m.q.replace(/\s+/g, ' ')}`);
}

function main(): void {
  const { values } = parseArgs({
    options: { part: { type: 'string' }, misreads: { type: 'boolean' }, json: { type: 'boolean' }, 'show-heldout': { type: 'boolean' } },
  });
  const parts = values.part ? [values.part] : PARTS;
  const out: Record<string, PartReport & { microsecondsPerQuestion: number; cpuMicrosecondsPerQuestion: number }> = {};
  for (const part of parts) {
    const rows = readPart(part);
    if (!rows.length) {
      console.log(`\n== ${part}: no questions (folder absent or empty)`);
      continue;
    }
    const report = evaluate(rows);
    // Timed on a second pass: the first includes building the tables once and the engine's warm-up.
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (const row of rows) predict(row.q);
    const used = process.cpuUsage(cpu);
    const us = ((performance.now() - started) * 1000) / rows.length;
    const cpuUs = (used.user + used.system) / rows.length;
    // The held-out questions never leave this function unless an auditor asks for them.
    const shown = part === 'heldout' && !values['show-heldout'] ? { ...report, misreads: {} } : report;
    out[part] = { ...shown, microsecondsPerQuestion: us, cpuMicrosecondsPerQuestion: cpuUs };
    if (values.json) continue;
    print(part, report);
    console.log(`  ${us.toFixed(0)} µs per question, ${cpuUs.toFixed(0)} µs of CPU (model and care tier, warm)`);
    if (part === 'heldout' && values['show-heldout']) printWorst(report);
    if (part === 'dev' && values.misreads) printAll(report);
  }
  if (values.json) console.log(JSON.stringify(out, null, 1));
}

main();
