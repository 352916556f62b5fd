// The sheet a locked spread opens: why the plan does not include it (VIP only, or any subscription), what the
// user has now, and the way to the plans, with «Не сейчас».
import { PRODUCT_INFO } from '../../../domain/commerce/catalogue';
import { spreadLevelOpenedBy } from '../../../domain/commerce/claims';
import type { SpreadDefinition } from '../../../domain/types';
import { Icon } from '../components/Icon';

/** What the user has now, said under the lock. */
const PLAN_LINE: Record<string, string> = {
  free: 'Сейчас у вас бесплатный доступ: один простой расклад в день.',
  week: `Сейчас у вас «${PRODUCT_INFO.week.name}».`,
  basic: `Сейчас у вас ${PRODUCT_INFO.basic.name}.`,
};

export function LockedSpreadSheet(props: {
  locked: { spread: SpreadDefinition; vip: boolean };
  subscriptionType: string;
  vipPrice: string | null;
  onSubscribe: () => void;
  onClose: () => void;
}) {
  const { locked, vipPrice } = props;
  return (
    <div className="sheet-backdrop" onClick={props.onClose}>
      <section
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="locked-title"
        onClick={(e) => e.stopPropagation()}
        data-testid="locked-spread"
      >
        <span className="screen-icon">
          <Icon name="lock" size={26} />
        </span>
        <h2 id="locked-title">
          «{locked.spread.name}» — {locked.vip ? 'только для VIP' : 'с подпиской'}
        </h2>
        <p data-testid="locked-why">
          {locked.vip
            ? `Этот расклад открывает только ${spreadLevelOpenedBy('vip')}. ${PLAN_LINE[props.subscriptionType] ?? ''}`
            : `Этот расклад открывают ${spreadLevelOpenedBy('paid')}. ${PLAN_LINE[props.subscriptionType] ?? ''}`}
        </p>
        <button type="button" className="btn btn-gold btn-block" onClick={props.onSubscribe} data-testid="locked-subscribe">
          {locked.vip
            ? vipPrice
              ? `${PRODUCT_INFO.vip.name} за ${vipPrice}`
              : `Посмотреть ${PRODUCT_INFO.vip.name}`
            : 'Посмотреть подписки'}
        </button>
        <button type="button" className="btn btn-secondary btn-block" onClick={props.onClose} data-testid="locked-close">
          Не сейчас
        </button>
      </section>
    </div>
  );
}
