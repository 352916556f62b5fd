// The two ways to take a plan when its trial is sold: the trial week and the plan without it, each a choice of
// its own saying what is charged now and what follows. Ticking autopay never changes which one is chosen.
import type { Choice, OfferTerms } from './offer-terms';

export function PlanChoice(props: {
  terms: OfferTerms;
  choice: Choice;
  onChoose: (c: Choice) => void;
  disabled?: boolean;
  /** The widget's test id: each choice is `${id}-choose-trial` / `${id}-choose-plan`. */
  id: string;
}) {
  const { terms, id } = props;
  if (!terms.trial) return null;
  const options: { key: Choice; text: { title: string; now: string; later: string } }[] = [
    { key: 'trial', text: terms.trial },
    { key: 'plan', text: terms.plan },
  ];
  return (
    <fieldset className="plan-choice" data-testid={`${id}-choice`}>
      <legend className="visually-hidden">Как оформить</legend>
      {options.map(({ key, text }) => (
        <label key={key} className={`plan-option${props.choice === key ? ' is-chosen' : ''}`} data-testid={`${id}-choose-${key}`}>
          <input
            type="radio"
            name={`${id}-choice`}
            checked={props.choice === key}
            onChange={() => props.onChoose(key)}
            disabled={props.disabled}
          />
          <span className="plan-option-text">
            <strong>{text.title}</strong>
            <span data-testid={`${id}-${key}-now`}>{text.now}</span>
            <span className="hint" data-testid={`${id}-${key}-later`}>
              {text.later}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
