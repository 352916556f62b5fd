// /terms: the public-offer user agreement in 14 sections (domain/commerce/legal.ts), with the provider's details
// as configured.
import { Link, useLocation } from 'wouter';
import { agreementSections } from '../../../domain/commerce/legal';
import { Page } from '../components/Page';
import { useLegal } from './legal-api';
import './legal.css';

export default function Terms() {
  const [, navigate] = useLocation();
  const { legal, loaded } = useLegal();
  const a = legal.agreement;
  return (
    <Page back={() => navigate('/')} testId="terms" loading={!loaded}>
      <header className="screen-head">
        <p className="kicker">Документы</p>
        <h1 className="title">{a.title}</h1>
        <p className="hint" data-testid="terms-version">
          Редакция {a.version} · вступает в силу {a.effectiveDate}
        </p>
      </header>

      <article className="legal-text panel" data-testid="terms-text">
        {agreementSections(legal).map((s, i) => (
          <section key={s.title} className="legal-section" data-testid="terms-section">
            <h2>
              {i + 1}. {s.title}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </section>
        ))}
      </article>

      <nav className="footer-links" aria-label="Другие документы">
        <Link href="/contacts">Контакты и реквизиты</Link>
        <Link href="/services">Тарифы</Link>
      </nav>
    </Page>
  );
}
