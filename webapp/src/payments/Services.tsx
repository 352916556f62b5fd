// /services, the tariffs page: every product the catalogue sells — the plans with what each includes
// (domain/commerce/claims.ts) and an 'Activate' button to /subscription, then the trial, the week pass and the
// micro pack (payments/OneOffProducts.tsx), the readings read aloud a day when voice is on — and how it works.
import { Link, useLocation } from 'wouter';
import { OneOffProducts } from './OneOffProducts';
import { PriceNote, tagOf, usePrices } from './prices';
import { PLAN_IDS, PRODUCT_INFO, SECTION_NAMES, SECTION_PROMISES, type PlanId } from '../../../domain/commerce/catalogue';
import { periodNoun, planCardFeatures, readAloudLimitsText } from '../../../domain/commerce/claims';
import { ErrorBlock } from '../components/ErrorBlock';
import { Icon, type IconName } from '../components/Icon';
import { Page } from '../components/Page';
import { useStatus } from '../hooks/useStatus';
import { haptic } from '../telegram/bridge';
import '../legal/legal.css';

interface PlanInfo {
  id: PlanId;
  name: string;
  popular: boolean;
  features: string[];
}

// What each plan includes comes from the catalogue (domain/commerce/claims.ts), as on the plan cards and in the terms.
const PLANS: PlanInfo[] = PLAN_IDS.map((id) => ({
  id,
  name: PRODUCT_INFO[id].name,
  popular: id === 'vip',
  features: planCardFeatures(id),
}));

const STEPS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'bolt', title: 'Мгновенная активация', text: 'Доступ открывается сразу после подтверждения оплаты — ничего ждать не нужно.' },
  {
    icon: 'scroll',
    title: 'История в личном кабинете',
    text: `${SECTION_PROMISES.archive} сохраняются в разделе «${SECTION_NAMES.archive}».`,
  },
  {
    icon: 'undo',
    title: 'Автопродление',
    // «раз в месяц» while every plan is a month long (the catalogue's periods).
    text: `Подписка продлевается ${PLAN_IDS.every((id) => PRODUCT_INFO[id].days === 30) ? 'раз в месяц' : 'в конце оплаченного периода'}, только если вы согласились на автопродление при оплате; отменить продление можно в любой момент.`,
  },
];

export default function Services() {
  const [, navigate] = useLocation();
  // The server's prices (configuration may override them), as the user would pay them; none until it answers.
  const prices = usePrices();
  // Voice only with an AI provider (the status's `voice`): its limits are stated only then.
  const voice = useStatus().data?.voice === true;
  return (
    <Page back={() => navigate('/')} testId="services">
      <header className="screen-head">
        <p className="kicker">Тарифы</p>
        <h1 className="title">Услуги и тарифы</h1>
        <p className="hint">Бесплатно — 1 расклад и 1 карта дня в день. С подпиской — больше раскладов и подробные толкования.</p>
      </header>
      {prices.failed && <ErrorBlock message={prices.failed} onRetry={prices.reload} />}

      <section className="plans">
        {PLANS.map((p) => (
          <article key={p.id} className={`plan${p.popular ? ' plan-popular' : ''}`} data-testid={`plan-${p.id}`}>
            {p.popular && <span className="plan-tag">Самый популярный</span>}
            <h2>{p.name}</h2>
            <p className="plan-price" data-testid={`price-${p.id}`}>
              {prices.pricing ? (
                <>
                  <strong>{prices.show(tagOf(prices.pricing, p.id))}</strong> / {periodNoun(PRODUCT_INFO[p.id].days!)}
                  <PriceNote text={prices.note(tagOf(prices.pricing, p.id))} />
                </>
              ) : prices.failed ? (
                <span>—</span>
              ) : (
                <span className="spinner" role="status" aria-label="Загружаем цену…" />
              )}
            </p>
            <ul className="plan-features">
              {p.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <button
              type="button"
              className={`btn btn-block ${p.popular ? 'btn-gold' : 'btn-primary'}`}
              data-testid={`activate-${p.id}`}
              onClick={() => {
                haptic('select');
                navigate('/subscription');
              }}
            >
              Активировать
            </button>
          </article>
        ))}
      </section>
      {voice && (
        <p className="hint" data-testid="voice-limits">
          {readAloudLimitsText()}
        </p>
      )}

      <OneOffProducts prices={prices} />

      <HowItWorks />
    </Page>
  );
}

/** How buying works, and where the terms are. */
function HowItWorks() {
  return (
    <>
      <section className="panel how-it-works" data-testid="how-it-works">
        <h2>Как это работает</h2>
        {STEPS.map((s) => (
          <div className="step" key={s.title}>
            <span className="step-icon">
              <Icon name={s.icon} size={20} />
            </span>
            <div>
              <strong>{s.title}</strong>
              <p className="hint">{s.text}</p>
            </div>
          </div>
        ))}
      </section>

      <p className="disclaimer center">
        Оплата — 100% предоплата. Расклады носят развлекательный характер. Подробнее — в{' '}
        <Link href="/terms">пользовательском соглашении</Link>.
      </p>
      <nav className="footer-links" aria-label="Документы">
        <Link href="/terms">Пользовательское соглашение</Link>
        <Link href="/contacts">Контакты</Link>
      </nav>
    </>
  );
}
