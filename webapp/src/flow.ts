// The reading in progress (spread → question → cards → interpretation), kept in sessionStorage so a reload
// or a lost connection loses neither the typed question nor the reading the server already dealt. The server
// keeps the reading and its turned cards too (a closed app loses sessionStorage): `resumeReading` takes it back.
import { useSyncExternalStore } from 'react';

export interface Flow {
  spreadType: string;
  question: string;
  /** The reading the server dealt for `dealtFor`, once the cards screen created it. */
  readingId: number | null;
  /** `${spreadType}\n${question}` the reading was created for: a changed question starts a new one. */
  dealtFor: string | null;
  /** How many of the dealt cards the user has turned over. */
  revealed: number;
  /** The interpretation screen has opened this reading: the next choice of a spread starts afresh. */
  answered: boolean;
  /** The paid micro pack whose included 3-card reading this is (no plan or quota needed). */
  microPurchaseId?: number | null;
  /** «Свой расклад»: the user enters the cards of a physical deck instead of the server dealing them. */
  ownDeck?: boolean;
  /** «О ком вопрос?»: the saved person the question is about (webapp/src/people/), or null for the asker. */
  personId?: number | null;
  /** A pair's six-card spread (webapp/src/pairs/): dealt on the pair's screen, turned on this table, read there. */
  pairId?: number | null;
}

const KEY = 'taro.flow';
const EMPTY: Flow = {
  spreadType: 'free_daily',
  question: '',
  readingId: null,
  dealtFor: null,
  revealed: 0,
  answered: false,
  microPurchaseId: null,
  ownDeck: false,
  personId: null,
  pairId: null,
};

function read(): Flow {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw) return { ...EMPTY, ...(JSON.parse(raw) as Partial<Flow>) };
  } catch {
    /* storage unavailable or corrupt: start fresh */
  }
  return EMPTY;
}

let flow: Flow | null = null;
const listeners = new Set<() => void>();

export function getFlow(): Flow {
  return (flow ??= read());
}

export function setFlow(patch: Partial<Flow>) {
  flow = { ...getFlow(), ...patch };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flow));
  } catch {
    /* the in-memory copy still works for this visit */
  }
  for (const l of listeners) l();
}

export const flowKey = (spreadType: string, question: string) => `${spreadType}\n${question.trim()}`;

/**
 * Chooses a spread: keeps the typed question (and cards already dealt for it) only when the spread stays
 * the same and that reading was not answered yet.
 */
export function chooseSpread(spreadType: string, ownDeck = false) {
  const f = getFlow();
  if (f.answered) setFlow({ ...EMPTY, spreadType, ownDeck });
  else if (f.spreadType !== spreadType || f.microPurchaseId || !!f.ownDeck !== ownDeck)
    setFlow({ ...EMPTY, spreadType, ownDeck, question: f.spreadType === spreadType ? f.question : '' });
}

/** The micro pack's included 3-card reading: a new reading opened by the pack (the server checks it). */
export function startMicroSpread(spreadType: string, microPurchaseId: number) {
  setFlow({ ...EMPTY, spreadType, microPurchaseId });
}

/** A start link's spread and question (its user_data): a new reading. */
export function startFlow(spreadType: string | undefined, question: string | undefined) {
  const f = getFlow();
  setFlow({ ...EMPTY, spreadType: spreadType ?? f.spreadType, question: question ?? '' });
}

/** The dealt reading of the current spread and question, if the cards screen created one. */
export function currentReadingId(f: Flow = getFlow()): number | null {
  return f.readingId !== null && f.dealtFor === flowKey(f.spreadType, f.question) ? f.readingId : null;
}

/** A reading still on the table, from the server (home's, the archive's or the bot's «Продолжить расклад»). */
export function resumeReading(r: { id: number; spreadType: string; question: string; turned: number }) {
  setFlow({
    ...EMPTY,
    spreadType: r.spreadType,
    question: r.question,
    readingId: r.id,
    dealtFor: flowKey(r.spreadType, r.question),
    revealed: r.turned,
  });
}

/** A pair's spread the server has just dealt: the same table, every card still face down. */
export function startPairTable(r: { id: number; spreadType: string; question: string }, pairId: number) {
  setFlow({
    ...EMPTY,
    spreadType: r.spreadType,
    question: r.question,
    readingId: r.id,
    dealtFor: flowKey(r.spreadType, r.question),
    pairId,
  });
}

/** After a finished reading: a new reading starts from a clean slate. */
export function resetFlow() {
  setFlow({ ...EMPTY });
}

export function useFlow(): Flow {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getFlow,
    getFlow,
  );
}
