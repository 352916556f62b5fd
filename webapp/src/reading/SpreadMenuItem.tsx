// One spread in the menu: its icon, name and description, whether it is free, paid or VIP-only, its number of
// cards, and a lock when the user's plan does not include it.
import { PRODUCT_INFO } from '../../../domain/commerce/catalogue';
import { cardsWord } from '../../../domain/text/plural';
import type { SpreadDefinition } from '../../../domain/types';
import { Icon, SpreadIcon } from '../components/Icon';

const ACCESS_MARK: Record<SpreadDefinition['access'], { label: string; className: string }> = {
  free: { label: 'Бесплатно', className: 'mark-free' },
  paid: { label: `С ${PRODUCT_INFO.basic.name}`, className: 'mark-paid' },
  vip: { label: `Только ${PRODUCT_INFO.vip.name}`, className: 'mark-vip' },
};

export function SpreadMenuItem(props: { spread: SpreadDefinition; locked: boolean; disabled: boolean; onChoose: () => void }) {
  const { spread, locked } = props;
  const mark = ACCESS_MARK[spread.access];
  return (
    <li>
      <button
        type="button"
        className={`spread-item ${locked ? 'is-locked' : ''}`}
        onClick={props.onChoose}
        disabled={props.disabled}
        data-testid={`spread-${spread.id}`}
      >
        <span className="spread-icon">
          <SpreadIcon spreadType={spread.id} size={24} />
        </span>
        <span className="spread-body">
          <span className="spread-name">{spread.name}</span>
          <span className="spread-desc">{spread.description}</span>
          <span className="spread-meta">
            <span className={`mark ${mark.className}`}>{mark.label}</span>
            <span className="spread-count">
              {spread.cards} {cardsWord(spread.cards)}
            </span>
            {locked && (
              <span className="lock" role="img" aria-label="Нужна подписка">
                <Icon name="lock" size={16} />
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}
