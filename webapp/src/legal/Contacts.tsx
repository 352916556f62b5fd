// /contacts: the provider's details and e-mail from configuration (identifiers only when
// configured, never invented), data-protection and payment-security notes, links to /terms and /services.
import { Link, useLocation } from 'wouter';
import { Page } from '../components/Page';
import { SUPPORT_ANSWER } from '../../../domain/commerce/legal';
import { openTelegramLink } from '../telegram/methods';
import { useLegal, useSupportLink } from './legal-api';
import './legal.css';

export default function Contacts() {
  const [, navigate] = useLocation();
  const { legal, loaded } = useLegal();
  return (
    <Page back={() => navigate('/')} testId="contacts" loading={!loaded}>
      <header className="screen-head">
        <p className="kicker">Документы</p>
        <h1 className="title">Контакты и реквизиты</h1>
      </header>

      <ProviderDetails legal={legal} />

      <SupportSection legal={legal} />

      <section className="panel" data-testid="data-protection">
        <h2>Защита данных</h2>
        <p>
          Мы храним только то, что нужно для работы сервиса: ваш идентификатор и имя в Telegram, часовой пояс, расклады и данные рождения
          для натальной карты. Данные передаются по защищённому соединению и не продаются третьим лицам. Данные рождения удаляются кнопкой
          «Новая карта»; все данные сразу — кнопкой «Удалить мои данные» в настройках («Мои данные») или командой <code>/deletedata</code> в
          чате бота.
        </p>
      </section>

      <section className="panel" data-testid="payment-security">
        <h2>Безопасность платежей</h2>
        <p>
          В Telegram оплата проходит в Telegram Stars внутри самого Telegram. Оплата банковской картой проходит на защищённой странице
          платёжного сервиса ЮKassa. <strong>Данные банковских карт мы не получаем и не храним.</strong> Доступ открывается автоматически
          после того, как платёжная система подтвердит оплату.
        </p>
      </section>

      <nav className="footer-links" aria-label="Документы">
        <Link href="/terms" data-testid="contacts-terms-link">
          Пользовательское соглашение
        </Link>
        <Link href="/services" data-testid="contacts-services-link">
          Тарифы и услуги
        </Link>
      </nav>
    </Page>
  );
}

type Legal = ReturnType<typeof useLegal>['legal'];

/** Who provides the service: the name and INN only when configured. */
function ProviderDetails({ legal }: { legal: Legal }) {
  return (
    <section className="panel" data-testid="provider">
      <h2>Исполнитель</h2>
      <dl className="details">
        <dt>Исполнитель</dt>
        <dd data-testid="provider-name">{legal.providerName ?? 'Индивидуальный предприниматель'}</dd>
        <dt>Налоговый статус</dt>
        <dd data-testid="provider-tax">{legal.taxStatus}</dd>
        {legal.inn && (
          <>
            <dt>ИНН</dt>
            <dd data-testid="provider-inn">{legal.inn}</dd>
          </>
        )}
      </dl>
      {!(legal.providerName && legal.inn) && (
        <p className="hint" data-testid="identifiers-on-request">
          Полное имя и ИНН исполнителя сообщаются по запросу.
        </p>
      )}
    </section>
  );
}

/** How to reach support: the e-mail or the bot's chat, the commands, the answer times and the chat link. */
function SupportSection({ legal }: { legal: Legal }) {
  const support = useSupportLink();
  return (
    <section className="panel" data-testid="support">
      <h2>Связаться с нами</h2>
      {legal.email ? (
        <p>
          Электронная почта:{' '}
          <a href={`mailto:${legal.email}`} data-testid="provider-email">
            {legal.email}
          </a>
        </p>
      ) : (
        <p data-testid="provider-email-missing">Напишите нам в чате бота — поддержка отвечает там же.</p>
      )}
      <ul className="plain-list">
        <li>
          Вопросы об оплате и возвратах — команда <code>/paysupport</code> в чате бота.
        </li>
        <li>
          Другие вопросы о сервисе — команда <code>/support</code> в чате бота: обращение прочитает человек.
        </li>
        <li data-testid="support-answer">Ответ на обращение в поддержку — {SUPPORT_ANSWER}.</li>
        <li>
          Ответ на претензию — в течение {legal.agreement.claimResponseDays} дней; претензию о возврате можно направить в течение{' '}
          {legal.agreement.refundClaimDays} дней с даты оплаты.
        </li>
      </ul>
      {support && (
        <a
          className="btn btn-primary btn-block"
          href={support}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(e) => openTelegramLink(support) && e.preventDefault()}
          data-testid="support-chat"
        >
          Поддержка — написать в чат бота
        </a>
      )}
      {legal.contactsUrl && (
        <a href={legal.contactsUrl} target="_blank" rel="noopener noreferrer" data-testid="contacts-url">
          Полная страница контактов
        </a>
      )}
    </section>
  );
}
