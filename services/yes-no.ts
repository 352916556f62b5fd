// «Да или нет» for a question typed anywhere (inline mode): one card dealt by the server and what it says
// to the question (domain/reading/yes-no.ts decides: a crisis gets help lines and no card, a sensitive theme
// no yes or no). Nothing is stored or counted: the answer lives in the chat it is sent to, and Telegram
// keeps it for the user until their day ends (the caller sets that cache from `resetsAt`). A caller who never
// opened the bot or the app has no user row and gets none: the defaults (reversals on, the default zone) serve.
import { crisisAnswer, type CrisisAnswer } from '../domain/reading/crisis';
import { DECK, CARD_BY_ID } from '../domain/tarot/deck';
import { deal } from '../domain/tarot/deal';
import { countingDay, userDay } from '../domain/text/day';
import { validateQuestion } from '../domain/reading/question-input';
import { yesNoCard } from '../domain/reading/yes-no';
import { createCareService } from './crisis';
import type { ServiceDeps } from './deps';
import { cardView, type DealtCardView } from './readings';
import type { UserService } from './users';

const DECK_IDS = DECK.map((c) => c.id);

export type YesNoAnswer =
  | { kind: 'invalid'; error: string }
  | { kind: 'crisis'; crisis: CrisisAnswer }
  | {
      kind: 'card';
      question: string;
      card: DealtCardView;
      verdict: string | null;
      sensitive: boolean;
      text: string;
      /** The concern tier: shown with the caring line and the help line first. */
      care: boolean;
      resetsAt: string;
    };

export function createYesNoService(deps: ServiceDeps, users: UserService) {
  const care = createCareService(deps);
  return {
    async ask(userId: number, raw: string): Promise<YesNoAnswer> {
      // Even a question too short to read is answered with help when it speaks of a crisis.
      const tier = await care.assess(raw);
      if (tier.crisis) return { kind: 'crisis', crisis: crisisAnswer(tier.crisis) };
      const checked = validateQuestion(raw.replace(/\s+/g, ' '));
      if (!checked.ok) return { kind: 'invalid', error: checked.error };
      const user = await users.findUser(userId);
      const reversals = user?.reversals ?? true;
      const now = deps.clock();
      const day = user ? userDay(user, now) : countingDay(deps.defaultTimeZone, { day: null, until: null }, now);
      const [dealt] = deal(DECK_IDS, 1, deps.randomInt, { reversals });
      const said = yesNoCard(checked.question, CARD_BY_ID.get(dealt.cardId)!, dealt.orientation, reversals);
      if (said.kind === 'crisis') return said;
      return {
        kind: 'card',
        question: checked.question,
        card: cardView(dealt, 'Ответ'),
        verdict: said.verdict,
        sensitive: said.sensitive,
        text: said.text,
        care: said.care,
        resetsAt: day.endsAt.toISOString(),
      };
    },
  };
}
