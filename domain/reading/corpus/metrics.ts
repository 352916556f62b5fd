// How well the question model reads the labelled corpus (domain/reading/corpus/): one row per question, as
// its writers labelled it (LABELS.md beside the parts), against what readQuestion and assessCare say. Pure:
// the eval script (scripts/eval-questions.ts) and the floor test read the files and hand the rows in.
import { serverCare } from '../understanding/server-care';
import { readQuestion } from '../question';

export type CorpusTopic = 'love' | 'family' | 'friendship' | 'work' | 'study' | 'money' | 'health' | 'self' | 'general';

/** One labelled question (a line of a part's JSON Lines file). */
export interface CorpusRow {
  q: string;
  crisis: 'self_harm' | 'violence' | 'none';
  concern: boolean;
  sensitive: string | null;
  topic: CorpusTopic;
  kind: 'yesno' | 'choice' | 'timing' | 'open' | 'vague';
  polarity: 'hoped' | 'feared' | 'neutral';
  about: 'self' | 'other' | 'both';
  gender: 'm' | 'f' | null;
  options: string[] | null;
  nearMiss: string | null;
  style?: string;
  /** The file it came from (its writer). */
  writer: string;
}

/** A part's JSON Lines; a line that is not a labelled question is an error naming the file and line. */
export function parseCorpus(text: string, writer: string): CorpusRow[] {
  const rows: CorpusRow[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let row: CorpusRow;
    try {
      row = { ...JSON.parse(line), writer };
    } catch {
      throw new Error(`${writer}:${i + 1}: not JSON`);
    }
    if (typeof row.q !== 'string' || !row.crisis || !row.topic || !row.kind) throw new Error(`${writer}:${i + 1}: missing labels`);
    rows.push(row);
  });
  return rows;
}

/** What the model says about a question, in the corpus's terms. */
export interface Prediction {
  crisis: CorpusRow['crisis'];
  concern: boolean;
  sensitive: string | null;
  /** The model's topic (its own value set, see TOPIC_MAP). */
  topic: string;
  /** The finer area when the model has one (the corpus's nine values), else the topic. */
  area: string;
  kind: CorpusRow['kind'];
  polarity: CorpusRow['polarity'];
  about: CorpusRow['about'];
  gender: 'm' | 'f' | null;
  options: string[] | null;
}

/** A spread with no topic of its own: the question alone decides. */
const SPREAD = 'past_present_future';

export function predict(q: string): Prediction {
  const facts = readQuestion(q, SPREAD) as ReturnType<typeof readQuestion> &
    Partial<{ about: Prediction['about']; gender: 'm' | 'f' | null; area: string }>;
  const care = serverCare(q);
  return {
    crisis: care.crisis ?? 'none',
    concern: care.tier === 'concern',
    sensitive: facts.sensitive,
    topic: facts.topic,
    area: facts.area ?? facts.topic,
    kind: facts.kind,
    polarity: facts.polarity,
    about: facts.about ?? (facts.aboutOther ? 'other' : 'self'),
    gender: facts.gender ?? null,
    options: facts.options,
  };
}

/**
 * The model's topics are the reading's seven (each has its own card lines and steps); the corpus has nine.
 * Compared on the seven: study is read with work's lines, and friendship, which has no lines of its own, as
 * general. The nine are compared too, as «area», where the model has them.
 */
export const TOPIC_MAP: Record<string, string> = { study: 'work', friendship: 'general' };
const coarse = (t: string) => TOPIC_MAP[t] ?? t;

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** One option matches another when either holds the other's words, or they share half of them. */
function optionMatches(want: string, got: string): boolean {
  const a = words(want);
  const b = words(got);
  if (!a.length || !b.length) return false;
  const bs = new Set(b);
  const shared = a.filter((w) => bs.has(w)).length;
  return shared === a.length || shared === b.length || shared / Math.max(a.length, b.length) >= 0.5;
}

/** Both options, in order or swapped, match: «exact-ish». */
export function optionsMatch(want: string[] | null, got: string[] | null): boolean {
  if (!want || !got) return !want && !got;
  if (want.length < 2 || got.length < 2) return false;
  const [a, b] = want;
  const [x, y] = got;
  return (optionMatches(a, x) && optionMatches(b, y)) || (optionMatches(a, y) && optionMatches(b, x));
}

export interface Score {
  precision: number;
  recall: number;
  /** Questions the corpus gives this value. */
  support: number;
  /** Questions the model gives this value. */
  predicted: number;
}

export interface Misread {
  q: string;
  writer: string;
  want: string;
  got: string;
}

export interface PartReport {
  questions: number;
  /** label → value → score («crisis» → «self_harm», «any»). */
  labels: Record<string, Record<string, Score>>;
  /** label → share of questions read exactly right (over the questions the label applies to). */
  accuracy: Record<string, number>;
  /** Near-misses (labelled nearMiss, no crisis) the model takes for a crisis. */
  nearMissFalseCrisis: number;
  /** Near-misses with no sensitive theme that the model gives one. */
  nearMissFalseSensitive: number;
  nearMisses: number;
  /** label → value → questions the model misread for it (missed or wrongly given). */
  misreads: Record<string, Record<string, Misread[]>>;
}

/** One label compared on a set of rows: precision and recall per value, misreads both ways. */
function compare(
  report: PartReport,
  label: string,
  pairs: { row: CorpusRow; want: string; got: string }[],
  values?: readonly string[],
): void {
  const all = values ?? [...new Set(pairs.flatMap((p) => [p.want, p.got]))].sort();
  const scores: Record<string, Score> = {};
  const misreads: Record<string, Misread[]> = {};
  for (const v of all) {
    const tp = pairs.filter((p) => p.want === v && p.got === v).length;
    const support = pairs.filter((p) => p.want === v).length;
    const predicted = pairs.filter((p) => p.got === v).length;
    scores[v] = { precision: predicted ? tp / predicted : 1, recall: support ? tp / support : 1, support, predicted };
    misreads[v] = pairs
      .filter((p) => (p.want === v) !== (p.got === v))
      .map((p) => ({ q: p.row.q, writer: p.row.writer, want: p.want, got: p.got }));
  }
  report.labels[label] = scores;
  report.misreads[label] = misreads;
  report.accuracy[label] = pairs.length ? pairs.filter((p) => p.want === p.got).length / pairs.length : 1;
}

export function evaluate(rows: readonly CorpusRow[], read: (q: string) => Prediction = predict): PartReport {
  const report: PartReport = {
    questions: rows.length,
    labels: {},
    accuracy: {},
    nearMissFalseCrisis: 0,
    nearMissFalseSensitive: 0,
    nearMisses: 0,
    misreads: {},
  };
  const read_ = rows.map((row) => ({ row, got: read(row.q) }));
  const on = (
    label: string,
    filter: (r: CorpusRow) => boolean,
    want: (r: CorpusRow) => string,
    got: (p: Prediction) => string,
    values?: readonly string[],
  ) =>
    compare(
      report,
      label,
      read_.filter((x) => filter(x.row)).map((x) => ({ row: x.row, want: want(x.row), got: got(x.got) })),
      values,
    );
  const every = () => true;
  const noCrisis = (r: CorpusRow) => r.crisis === 'none';

  on(
    'crisis',
    every,
    (r) => r.crisis,
    (p) => p.crisis,
    ['self_harm', 'violence', 'none'],
  );
  on(
    'crisis_any',
    every,
    (r) => (r.crisis === 'none' ? 'no' : 'yes'),
    (p) => (p.crisis === 'none' ? 'no' : 'yes'),
    ['yes', 'no'],
  );
  // Concern, themes and the reading's labels only where a reading is given (no crisis in the corpus).
  on(
    'concern',
    noCrisis,
    (r) => String(r.concern),
    (p) => String(p.concern),
    ['true', 'false'],
  );
  on(
    'sensitive',
    noCrisis,
    (r) => r.sensitive ?? 'none',
    (p) => p.sensitive ?? 'none',
  );
  on(
    'sensitive_any',
    noCrisis,
    (r) => (r.sensitive ? 'yes' : 'no'),
    (p) => (p.sensitive ? 'yes' : 'no'),
    ['yes', 'no'],
  );
  on(
    'topic',
    noCrisis,
    (r) => coarse(r.topic),
    (p) => coarse(p.topic),
  );
  on(
    'area',
    noCrisis,
    (r) => r.topic,
    (p) => p.area,
  );
  on(
    'kind',
    noCrisis,
    (r) => r.kind,
    (p) => p.kind,
  );
  // Polarity where it decides the answer: a yes/no the corpus calls hoped or feared.
  on(
    'polarity',
    (r) => noCrisis(r) && r.kind === 'yesno' && r.polarity !== 'neutral',
    (r) => r.polarity,
    (p) => p.polarity,
  );
  on(
    'about',
    noCrisis,
    (r) => r.about,
    (p) => p.about,
  );
  on(
    'gender',
    (r) => noCrisis(r) && r.about !== 'self',
    (r) => r.gender ?? 'none',
    (p) => p.gender ?? 'none',
  );
  // Options: an either/or in the corpus or in the model, compared «exact-ish».
  const choices = read_.filter((x) => noCrisis(x.row) && (x.row.options || x.got.options));
  compare(
    report,
    'options',
    choices.map((x) => {
      const ok = optionsMatch(x.row.options, x.got.options);
      return {
        row: x.row,
        want: JSON.stringify(x.row.options),
        got: ok ? JSON.stringify(x.row.options) : JSON.stringify(x.got.options),
      };
    }),
    [],
  );
  report.accuracy.options = choices.length ? choices.filter((x) => optionsMatch(x.row.options, x.got.options)).length / choices.length : 1;
  report.misreads.options = {
    all: choices
      .filter((x) => !optionsMatch(x.row.options, x.got.options))
      .map((x) => ({ q: x.row.q, writer: x.row.writer, want: JSON.stringify(x.row.options), got: JSON.stringify(x.got.options) })),
  };

  const near = read_.filter((x) => x.row.nearMiss && x.row.crisis === 'none');
  report.nearMisses = near.length;
  report.nearMissFalseCrisis = near.length ? near.filter((x) => x.got.crisis !== 'none').length / near.length : 0;
  const nearPlain = near.filter((x) => !x.row.sensitive);
  report.nearMissFalseSensitive = nearPlain.length ? nearPlain.filter((x) => x.got.sensitive).length / nearPlain.length : 0;
  report.misreads.near_miss = {
    crisis: near.filter((x) => x.got.crisis !== 'none').map((x) => ({ q: x.row.q, writer: x.row.writer, want: 'none', got: x.got.crisis })),
    sensitive: nearPlain
      .filter((x) => x.got.sensitive)
      .map((x) => ({ q: x.row.q, writer: x.row.writer, want: 'none', got: x.got.sensitive! })),
  };
  return report;
}

/** What the held-out part should reach (the product's goal for safety on any phrasing); `eval:questions` shows the gap. */
export const GOALS = {
  crisisRecall: 0.97,
  crisisPrecision: 0.9,
  violenceRecall: 0.95,
  sensitiveRecall: 0.95,
  polarityAccuracy: 0.9,
  topicAccuracy: 0.85,
  nearMissFalseCrisisMax: 0.02,
} as const;

/**
 * The figures the held-out part must keep, a little below what it reaches: a change that loses ground on
 * writers nobody tuned to fails. A ratchet towards GOALS: raise a floor when the held-out part shows more,
 * never lower one; change them here only. First read (2026-12-06): crisis recall 0.744, precision 0.918,
 * violence 0.761, sensitive 0.888, polarity 0.790, topic 0.658, near-miss false crisis 0.035. After the
 * concepts were broadened on writers 6 and 7 (2026-12-07): 0.777, 0.911, 0.803, 0.902, 0.790, 0.660, 0.028.
 * Writer 9 joined the held-out part (2026-12-07: a new writer's second file, never read by anyone tuning;
 * the writer's other file, writer 8, went to dev), so the part changed and was read again before any rule
 * was tuned on writer 8: 0.764, 0.908, 0.835, 0.888, 0.772, 0.659, 0.035. After the second pass on meaning
 * (typo repair that spares known words, polarity on the asking words, warning signs said sideways, the learned
 * layer trusted alone where it was all but certain leave-one-writer-out; tuned on dev writers 2–4 and 6–8):
 * 0.803, 0.924, 0.868, 0.899, 0.799, 0.682, 0.025. Writer 11 joined the held-out part (2026-12-07, the same
 * way: a new writer's second file, long stories by adults; its first, writer 10, went to dev), and the part
 * was read before and after the learned layer was retrained with writer 10: before 0.739, 0.909, 0.852, 0.910,
 * 0.812, 0.663, 0.049; after 0.748, 0.910, 0.852, 0.916, 0.812, 0.663, 0.049 (on the three earlier writers
 * alone, 0.815 crisis recall). The floors are that reading's: the new writer's stories are harder, not the
 * model worse, and its near-misses are what the model over-reads most. After the passes on writer 10 (crises,
 * concern, themes) and on topic and polarity, tuned on dev only: 0.754, 0.914, 0.852, 0.919, 0.829, 0.691, 0.045.
 * With writer 12 in dev and the learned layer retrained: 0.763, 0.915, 0.861, 0.916, 0.829, 0.692, 0.045.
 * After the pass on writer 12's near-misses and hidden crises: 0.760, 0.918, 0.861, 0.916, 0.829, 0.692, 0.040.
 * Writer 15 joined the held-out part (2026-12-07, 320 questions by a new writer, read by nobody tuning), and
 * the part (now 2,020) was read before the generalisation pass: 0.769, 0.929, 0.872, 0.923, 0.830, 0.704,
 * 0.035; after it (cancels scoped to their sentences, the learned layer on stems refusing long stories alone,
 * the learned area layer, dev writers 13 and 14): 0.830, 0.924, 0.901, 0.920, 0.830, 0.740, 0.035. Writer 18
 * joined the held-out part (260 questions, a new writer), read before anything else changed (2,280 in all):
 * 0.839, 0.923, 0.907, 0.927, 0.840, 0.743, 0.041. After the pass on dev writers 13, 14 and 16 (crises said
 * sideways, feared polarity, vague questions, themes; writer 16 joined dev): 0.877, 0.920, 0.920, 0.932, 0.840,
 * 0.747, 0.041. Writer 17 joined the held-out part (300 questions, teenagers' and students' slang and dark humour;
 * only its aggregate figures pooled with writer 16's had been seen), 2,580 in all: 0.850, 0.916, 0.896, 0.934,
 * 0.843, 0.743, 0.049: its jokes are what the model over-reads most. Writers 23 (small towns and late-night
 * voices) and 27 (one-line questions and poetry) joined the held-out part (2026-12-07, 640 questions by new
 * writers), 3,220 in all, read before anything else changed: 0.822, 0.927, 0.883, 0.936, 0.851, 0.747, 0.045
 * (writer 27 alone: crisis recall 0.635, violence 0.781: a crisis in three words leaves the model little).
 * After the passes on dev writers 19–22 and 24–26 (the layers on character n-grams inside words, rules by
 * meaning on crises, polarity by the asker's wish or dread, topic by the goal) and the layers retrained on all
 * eighteen dev writers: 0.845, 0.934, 0.914, 0.948, 0.858, 0.760, 0.043. That layer refused everyday questions
 * that share crisis words («А где мне лучше жить?»), which a corpus one question in four a crisis hardly prices:
 * writers 28 (dev) and 29 (held-out) wrote the ordinary daily traffic (29: one question in ten a crisis or
 * concern; read untuned: crisis recall 0.933, precision 0.778, 1 of its 275 ordinary questions refused, 32
 * opened with care). With writer 28 in training, 3,540 held-out questions: 0.823, 0.935, 0.911, 0.944, 0.858,
 * 0.757, 0.039; writer 29's ordinary questions: 1 refused, 21 opened with care. The learned layer traded a little
 * crisis recall for not reading «жить» and «лучше» as a crisis. Writer 33 (a cross-section of one ordinary
 * week's users) joined the held-out part, 3,940 in all, read before anything else changed: 0.829, 0.937, 0.915,
 * 0.948, 0.859, 0.764, 0.038 (writer 33 alone 0.903 crisis recall). With dev writers 30–32 (people aged 55–85,
 * lives shaped by the army and by moving away, Russian as a second language) in training, no rule tuned on
 * them: 0.840, 0.932, 0.919, 0.947, 0.860, 0.766, 0.038; writer 29's ordinary questions: 1 refused, 21 opened
 * with care. Writers 36 (a month's cross-section) and 38 (women 28–50) joined the held-out part, 4,740 in all,
 * read before anything else changed: 0.836, 0.933, 0.921, 0.952, 0.853, 0.768, 0.038. With dev writers 34, 35
 * and 37 (terse working men, teenagers, questions dictated by voice) in training, no rule tuned on them: 0.857,
 * 0.924, 0.915, 0.955, 0.852, 0.772, 0.038; writer 29's ordinary questions: 2 refused, 18 opened with care.
 * Precision's floor went 0.925 → 0.92 with it: recall, the goal's far gap, gained 21 crises for 11 more
 * ordinary questions refused, and precision stays above its goal (docs/decisions.md). Writers 39–43 joined
 * the held-out part (2,000 questions by five new writers: 39–41 were written for dev, but the layers retrained
 * with them read the part 0.833 crisis recall against 0.858, their LOWO figures on the other dev writers
 * unchanged, so they went where nobody tunes; only their pooled aggregates had been seen), 6,740 in all:
 * 0.855, 0.924, 0.920, 0.953, 0.853, 0.761, 0.036 (topic's floor re-based for them: their topics are harder).
 * With dev writers 44–48 in training (2026-12-08, 1,511 questions, three in ten a self-harm crisis, most said
 * sideways; no rule tuned on them): 0.868, 0.932, 0.920, 0.953, 0.854, 0.763, 0.035; writer 29's ordinary
 * questions still 2 refused, 18 opened with care (the part's 4,799 ordinary ones: 50 refused as before, 154
 * opened with care against 138). With dev writers 49–53 as well (1,520 more, the same brief: schoolchildren,
 * men of 30–60, Latin letters and English, chronic illness and care, relationships minimised): 0.867, 0.937,
 * 0.933, 0.958, 0.854, 0.765, 0.034; the ordinary questions 49 refused, 130 opened with care (writer 29's: 2, 16).
 * Each floor leaves a question or two of slack (one violence question is about 0.3 points).
 */
export const FLOORS: Record<keyof typeof GOALS, number> = {
  crisisRecall: 0.86,
  crisisPrecision: 0.93,
  violenceRecall: 0.92,
  sensitiveRecall: 0.95,
  polarityAccuracy: 0.85,
  topicAccuracy: 0.76,
  nearMissFalseCrisisMax: 0.04,
};

/**
 * What the dev part (the writers the rules are tuned on) reaches today, a little below: a rule change that
 * loses ground on dev fails the dev test before anyone runs the held-out part. Raise them as the model
 * improves; they are not the held-out floors.
 */
export const DEV_GUARD: Record<keyof typeof GOALS, number> = {
  // Writer 8 joined dev on 2026-12-07 before any rule was tuned on it: crisis recall 0.939, violence 0.968.
  // After the second pass on meaning: 0.992, 0.998, 1.000, 0.998, 0.876, 0.696, 0.000.
  // Writer 10 joined dev (2026-12-07) before any rule was tuned on it; with the learned layer retrained:
  // 0.979, 0.995, 1.000, 0.998, 0.870, 0.699, 0.004.
  // After the pass on writer 10 by meaning (crisis, concern, themes): 0.995, 0.998, 1.000, 1.000, 0.870, 0.703, 0.000.
  // Merged with the topic and polarity pass (on dev before writer 10: polarity 0.911, topic 0.765), on the seven
  // writers: 0.995, 0.998, 1.000, 1.000, 0.901, 0.769, 0.000.
  // Writer 12 (long stories by adults, a third near-misses) joined dev before any rule was tuned on it, the
  // learned layer retrained: 0.984, 0.982, 1.000, 0.999, 0.900, 0.752, 0.017 (its near-misses trip the rules).
  // After the pass on writer 12's near-misses by meaning: 0.984, 0.997, 1.000, 0.999, 0.900, 0.752, 0.000.
  // Then on its crises told in the middle of a long story: 0.996, 0.997, 1.000, 0.999, 0.900, 0.752, 0.000.
  // Writers 13 and 14 (840 questions) joined dev (2026-12-07) before any rule was tuned on them. The ten writers
  // read by the earlier model: 0.893, 0.993, 0.941, 0.994, 0.873, 0.748, 0.003; with the learned layers retrained
  // on all ten (stems, the long-story point, the area layer): 0.956, 0.995, 0.994, 0.999, 0.873, 0.898, 0.003.
  // Crisis recall, violence and polarity were lowered for them: no rule has been tuned on the two yet.
  // The pass on writers 13 and 14 by meaning: 0.996, 0.998, 1.000, 0.999, 0.889, 0.901, 0.000. Writer 16 (300)
  // joined dev before any rule was tuned on it: 0.970, 0.996, 0.981, 0.998, 0.892, 0.889, 0.000; with the learned
  // layers retrained on all eleven: 0.992, 0.997, 0.997, 0.999, 0.892, 0.901, 0.000.
  // After the pass on writer 16 by meaning: 0.995, 0.998, 1.000, 0.999, 0.893, 0.901, 0.000.
  // Writers 19–22 (1,440 questions) joined dev before any rule was tuned or layer trained on them; the four read
  // by that model: 0.728, 0.913, 0.833, 0.884, 0.839, 0.691, 0.051. With the layers' features changed (n-grams
  // inside words, 2^15 buckets) and retrained on all fifteen writers, dev: 0.962, 0.985, 0.994, 0.993, 0.881,
  // 0.879, 0.011 (the four 0.892, 0.951, 0.979, 0.977, 0.839, 0.824, 0.046). Lowered for them until a rule is tuned.
  // After the pass on writers 19–22 by meaning (crises, their cancels, themes): 0.984, 0.991, 0.998, 0.993, 0.880,
  // 0.878, 0.003 (the four 0.963, 0.974, 0.993, 0.977, 0.837, 0.824, 0.014).
  // Writers 19–22 and 24–26 (2,520) joined dev untuned, the learned layers not retrained on them: polarity 0.869,
  // topic 0.826. The polarity and topic pass on them (issue 46): 0.888, 0.831. Topic lowered for them (the
  // learned area layer, trained on the eleven earlier writers, reads its own writers at ~0.90 and the new seven at
  // 0.69); raise it once the layers are retrained on all eighteen.
  // Both passes merged and the layers retrained on all eighteen writers (2026-12-07): 0.972, 0.983, 0.993, 0.993,
  // 0.887, 0.865, 0.011 (the layers now spread over seven more writers read a few of the earlier ones less surely).
  // Writer 28 (everyday questions only) joined dev and the layers were retrained: 0.956, 0.983, 0.993, 0.992, 0.888,
  // 0.858, 0.011.
  // Writers 30–32 (1,200) joined dev untuned: the three read by that model 0.726, 0.903, 0.787, 0.933, 0.843,
  // 0.718, 0.024. With the layers retrained on all twenty-two writers, no rule tuned on them: 0.957, 0.977,
  // 0.990, 0.991, 0.882, 0.849, 0.011. Precision, violence and topic lowered for them until a rule is tuned.
  // Writers 34, 35 and 37 (1,200) joined dev untuned: the three read by that model 0.806, 0.941, 0.903, 0.930,
  // 0.805, 0.753, 0.058. With the layers retrained on all twenty-five writers, no rule tuned on them: 0.963,
  // 0.972, 0.984, 0.992, 0.872, 0.841, 0.016. Lowered for them until a rule is tuned.
  // After the pass on their crises by meaning (burning and cutting oneself, a belt, a balcony, «хахаль»): 0.967,
  // 0.972, 0.988, 0.992, 0.872, 0.841, 0.016.
  // Writers 44–48 (1,511, three in ten a self-harm crisis, most said sideways) joined dev untuned: the five read
  // by that model 0.772, 0.949, 0.880, 0.960, 0.893, 0.750, 0.060. With the layers retrained on all thirty
  // writers, no rule tuned on them: 0.939, 0.970, 0.978, 0.992, 0.874, 0.841, 0.024. Crisis recall, violence and
  // near-misses lowered for them until a rule is tuned. After the pass on their crises by meaning (a laugh taken
  // back, «вскрою», a place to hang oneself, a date set, a neck squeezed): 0.943, 0.970, 0.980, 0.992, 0.876,
  // 0.841, 0.024.
  // Writers 49–53 (1,520, the same brief) joined dev untuned: the five read by that model 0.771, 0.948, 0.907,
  // 0.902, 0.853, 0.727, 0.056. With the layers retrained on all thirty-five writers: 0.923, 0.970, 0.982, 0.989,
  // 0.873, 0.837, 0.029. Crisis recall and sensitive lowered for them until a rule is tuned.
  crisisRecall: 0.915,
  crisisPrecision: 0.965,
  violenceRecall: 0.975,
  sensitiveRecall: 0.985,
  polarityAccuracy: 0.865,
  topicAccuracy: 0.835,
  nearMissFalseCrisisMax: 0.03,
};

/** The floor figures of a part, named as in FLOORS. */
export function floorFigures(r: PartReport): Record<keyof typeof GOALS, number> {
  return {
    crisisRecall: r.labels.crisis_any.yes.recall,
    crisisPrecision: r.labels.crisis_any.yes.precision,
    violenceRecall: r.labels.crisis.violence.recall,
    sensitiveRecall: r.labels.sensitive_any.yes.recall,
    polarityAccuracy: r.accuracy.polarity,
    topicAccuracy: r.accuracy.topic,
    nearMissFalseCrisisMax: r.nearMissFalseCrisis,
  };
}

/** The floors a part breaks, each as a line naming the figure and its floor. */
export function brokenFloors(r: PartReport, floors: Record<keyof typeof GOALS, number> = FLOORS, word = 'floor'): string[] {
  const got = floorFigures(r);
  return (Object.keys(floors) as (keyof typeof GOALS)[])
    .filter((k) => (k.endsWith('Max') ? got[k] > floors[k] : got[k] < floors[k]))
    .map((k) => `${k}: ${got[k].toFixed(3)} (${word} ${k.endsWith('Max') ? '≤' : '≥'} ${floors[k]})`);
}
