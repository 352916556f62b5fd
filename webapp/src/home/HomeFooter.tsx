// The end of home: what the service promises (the trust line and the guarantee) and the footer links.
import { Link } from 'wouter';
import { GUARANTEE, TRUST } from '../../../domain/commerce/marketing';
import { Icon } from '../components/Icon';

export function HomeFooter() {
  return (
    <>
      <section className="trust" aria-label="Гарантии">
        {TRUST.map((t) => (
          <span key={t.text}>
            <Icon name={t.icon} size={20} /> {t.text}
          </span>
        ))}
      </section>

      <section className="guarantee">
        <span className="guarantee-icon">
          <Icon name="shield" size={26} />
        </span>
        <div>
          <strong>{GUARANTEE.title}</strong>
          <p>{GUARANTEE.text}</p>
        </div>
      </section>

      <footer className="footer-links">
        <Link href="/natal-form">Натальная карта</Link>
        <Link href="/services">Тарифы</Link>
        <Link href="/terms" data-testid="terms-link">
          Пользовательское соглашение
        </Link>
        <Link href="/contacts" data-testid="contacts-link">
          Контакты
        </Link>
      </footer>
    </>
  );
}
