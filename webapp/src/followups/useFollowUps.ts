// «Уточнить» state: the follow-ups and allowance of one reading (cached, the answers streamed into them), the
// question being written, and asking it or asking the AI again for a card-based answer.
import { useState } from 'react';
import { FOLLOW_UP_QUESTION_MAX, FOLLOW_UP_QUESTION_MIN } from '../../../domain/reading/follow-up';
import { keys } from '../data';
import { useReadingConversation } from '../hooks/useReadingConversation';
import { haptic } from '../telegram/bridge';
import {
  askFollowUp,
  type FollowUpAllowance,
  type FollowUpHandlers,
  type FollowUpView,
  listFollowUps,
  retryFollowUp,
} from './follow-up-api';

/** A follow-up being written: the text so far. */
export type FollowUpItem = FollowUpView & { streaming?: boolean };
type List = { followUps: FollowUpItem[]; allowance: FollowUpAllowance };

export function useFollowUps(readingId: number, initial?: { followUps: FollowUpView[]; allowance: FollowUpAllowance }) {
  const { data, change, busy, error, crisis, clearCrisis, ask, again } = useReadingConversation<List>(
    keys.followUps(readingId),
    () => listFollowUps(readingId),
    { fallbackData: initial, revalidateOnMount: !initial },
  );
  const items = data?.followUps ?? [];
  const allowance = data?.allowance ?? null;
  const setItems = (f: (list: FollowUpItem[]) => FollowUpItem[]) => change((l) => ({ ...l, followUps: f(l.followUps) }));
  const setAllowance = (f: FollowUpAllowance | ((a: FollowUpAllowance) => FollowUpAllowance)) =>
    change((l) => ({ ...l, allowance: typeof f === 'function' ? f(l.allowance) : f }));
  const [question, setQuestion] = useState('');

  const patch = (id: number, f: (it: FollowUpItem) => FollowUpItem) => setItems((list) => list.map((it) => (it.id === id ? f(it) : it)));

  const handlers = (current: { id: number }): FollowUpHandlers => ({
    onCard(f, a) {
      current.id = f.id;
      haptic('reveal');
      // The same question asked again is that follow-up: it is told again in its place.
      const item = { ...f, answer: '', streaming: true };
      setItems((list) => (list.some((it) => it.id === f.id) ? list.map((it) => (it.id === f.id ? item : it)) : [...list, item]));
      setAllowance(a);
    },
    onDelta(text) {
      patch(current.id, (it) => ({ ...it, answer: (it.answer ?? '') + text, streaming: true }));
    },
    onReset() {
      patch(current.id, (it) => ({ ...it, answer: '' }));
    },
    onDone(f) {
      patch(current.id, () => ({ ...f, streaming: false }));
    },
  });

  const trimmed = question.replace(/\s+/g, ' ').trim();
  const valid = trimmed.length >= FOLLOW_UP_QUESTION_MIN && trimmed.length <= FOLLOW_UP_QUESTION_MAX;

  const submit = () => {
    if (!valid || busy) return;
    ask(
      () => askFollowUp(readingId, trimmed, handlers({ id: 0 })).then(() => setQuestion('')),
      (e) => {
        if (e.status === 402) setAllowance((a) => ({ ...a, locked: true }));
      },
    );
  };

  const retry = (f: FollowUpItem) =>
    again(
      () => {
        patch(f.id, (it) => ({ ...it, answer: '', streaming: true }));
        return retryFollowUp(readingId, f.id, handlers({ id: f.id }));
      },
      () => patch(f.id, () => f),
    );

  return { items, allowance, question, setQuestion, valid, busy, error, crisis, clearCrisis, submit, retry };
}
