// The legal pages' content: the public-offer agreement (its constants) and the provider's details
// as configuration gives them. Identifiers are never invented: without them the pages say they are given
// on request. What each plan includes (section 7) comes from the catalogue (domain/commerce/claims.ts); every price
// from the pricing the payments charge.
import { PLAN_IDS, PRODUCT_INFO, planInfo, TRIAL_DAYS, type ProductId } from './catalogue';
import { pluralRu } from '../text/plural';
import { microSummary, perPeriod, planBelow, planSummary, readAloudLimitsText, trialSecondOpinionsClaim, upgradeFeatures } from './claims';
import { AGREEMENT, MONEY_BACK } from './agreement';
import { formatPrice, formatStars, type PricingTable } from './pricing';
import {
  BROWSER_SESSION_DAYS,
  DELETION_GOES,
  EXPORT_HOLDS,
  DELETION_RETURN,
  DELETION_STAYS,
  PAYMENT_RECORDS_KEPT_YEARS,
  REMINDERS_OFF_BUTTON,
  SIGN_IN_LINK_MINUTES,
} from '../app/user-data';

/** «в течение 3 дней»: the one support answer time, said by the terms, the contacts page and /paysupport. */
export const SUPPORT_ANSWER = `в течение ${AGREEMENT.supportAnswerDays} ${pluralRu(AGREEMENT.supportAnswerDays, 'дня', 'дней', 'дней')}`;

/** The provider is a sole trader on the professional-income tax (NPD). */
export const DEFAULT_TAX_STATUS = 'индивидуальный предприниматель, применяющий налог на профессиональный доход (НПД)';

/** Local mode only (no BOT_TOKEN): example details so the legal pages read as they will; marked as examples. */
export const LOCAL_PROVIDER_PLACEHOLDERS = {
  name: 'Образцова Мария Петровна (пример для локального режима)',
  email: 'support@example.com',
} as const;

/** From configuration (PROVIDER_*), all optional but the tax status. */
export interface LegalDetails {
  providerName?: string;
  email?: string;
  taxStatus: string;
  inn?: string;
  contactsUrl?: string;
}

/** The prices section 7 states: the server's pricing (defaults with the configuration's overrides). */
export type TermsPrices = Pick<PricingTable, 'pricesRub' | 'starsPrices'>;

/** What GET /api/config/legal answers. */
export interface LegalView {
  providerName: string | null;
  email: string | null;
  taxStatus: string;
  inn: string | null;
  contactsUrl: string | null;
  agreement: typeof AGREEMENT;
  /** Null until the server answers: the terms then name no price rather than a default that may be wrong. */
  prices: TermsPrices | null;
  /** An AI provider is configured: only then do the terms say an AI writes the readings. */
  aiEnabled: boolean;
}

export function legalView(d: LegalDetails | undefined, prices: TermsPrices | null = null, aiEnabled = false): LegalView {
  return {
    providerName: d?.providerName ?? null,
    email: d?.email ?? null,
    taxStatus: d?.taxStatus ?? DEFAULT_TAX_STATUS,
    inn: d?.inn ?? null,
    contactsUrl: d?.contactsUrl ?? null,
    agreement: AGREEMENT,
    prices: prices && { pricesRub: prices.pricesRub, starsPrices: prices.starsPrices },
    aiEnabled,
  };
}

export interface AgreementSection {
  title: string;
  paragraphs: string[];
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const rub = (n: number) => `${n.toLocaleString('ru-RU').replace(/\u00a0|\u202f/g, ' ')} руб.`;

/** «Исполнитель — …» as the details allow. */
export function providerLine(v: LegalView): string {
  const who = v.providerName ? `${v.providerName}, ${v.taxStatus}` : v.taxStatus;
  const inn = v.inn ? `, ИНН ${v.inn}` : '';
  return `${who}${inn}`;
}

/** How to reach support, as the details allow. */
export function supportLine(v: LegalView): string {
  const mail = v.email ? `по электронной почте ${v.email}` : 'через поддержку в чате бота';
  return `${mail}; вопросы об оплате — командой /paysupport в чате бота, другие вопросы о сервисе — командой /support (обращение прочитает человек); ответ на обращение — ${SUPPORT_ANSWER}`;
}

/** «349 ₽ (в Telegram — 270 ⭐)»: the rouble price and, where sold for Stars, the Stars price. */
function termsPrice(p: TermsPrices, product: ProductId): string {
  const stars = product === 'trial' ? null : p.starsPrices[product];
  return `${formatPrice(p.pricesRub[product])}${stars === null ? '' : ` (в Telegram — ${formatStars(stars)})`}`;
}

/** Section 7's plan lines: what each includes from the catalogue, each number from the pricing. */
function tariffParagraphs(p: TermsPrices | null): string[] {
  const price = (product: ProductId, then: string) => (p ? ` — ${termsPrice(p, product)}${then}` : '');
  return [
    ...PLAN_IDS.map((id, i) => {
      const below = planBelow(id);
      const { tier, days } = planInfo(id);
      const extra = below ? upgradeFeatures(planInfo(below).tier, tier) : [];
      const what = below
        ? `всё, что есть в ${PRODUCT_INFO[below].name}${extra.length ? `, а также ${extra.map(lowerFirst).join('; ')}` : ''}`
        : planSummary(tier);
      return `7.${i + 2}. ${PRODUCT_INFO[id].name}${price(id, ` ${perPeriod(days)}`)}: ${what}.`;
    }),
    `7.${PLAN_IDS.length + 2}. Разовые покупки: «${PRODUCT_INFO.week.name}»${price('week', '')} (${PRODUCT_INFO.week.days} дней, без автопродления: ${planSummary('week')}), ${lowerFirst(PRODUCT_INFO.micro.name)}${price('micro', '; во время акции — сниженная цена, указанная перед оплатой')} (${microSummary()}).`,
  ];
}

/**
 * Section 13, the privacy policy: who the operator is, what is processed and why, the browser session and
 * its cookie, the export and the deletion exactly as the code does them (domain/app/user-data.ts), what is kept
 * after deletion and for how long, the marker of used offers, and switching the reminders off.
 */
function privacyParagraphs(v: LegalView): string[] {
  const contact = v.email ? `по электронной почте ${v.email} или через поддержку в чате бота` : 'через поддержку в чате бота';
  return [
    `13.1. Оператор персональных данных — Исполнитель (${providerLine(v)}). Данные обрабатываются по Федеральному закону от 27.07.2006 № 152-ФЗ «О персональных данных» только для работы Сервиса: показа раскладов и толкований, учёта лимитов и оплат, напоминаний и ответов поддержки. Данные не продаются и не передаются третьим лицам, кроме поставщика ИИ (п. 6.3), Telegram и платёжного сервиса — в объёме, нужном для оплаты. Связаться с оператором по вопросам персональных данных: ${contact}.`,
    `13.2. Сервис обрабатывает: идентификатор, имя и имя пользователя Telegram, язык, часовой пояс и настройки; вопросы, расклады, толкования и уточнения к ним${v.aiEnabled ? '; озвученные толкования (звук хранится, чтобы повторное прослушивание было мгновенным); голосовые вопросы (запись передаётся поставщику ИИ для распознавания и не сохраняется)' : ''}; заметки и дневник; данные рождения для натальной карты (дата, время и место); сообщения в поддержку и отзывы; сведения о платежах и автопродлении; входы в браузере (устройство и время последнего входа). Данные передаются по защищённому соединению; данные банковских карт Исполнитель не получает и не хранит: для автопродления платёжный сервис сообщает только ссылку на сохранённый у него способ оплаты.`,
    `13.3. Вход в веб-версию — через виджет входа Telegram или одноразовую ссылку из бота (команда /web; ссылка действует ${SIGN_IN_LINK_MINUTES} минут и только один раз). После входа браузер хранит один технический файл cookie с идентификатором сессии (недоступен скриптам страницы, не передаётся другим сайтам); на сервере хранится только его хеш. Сессия заканчивается через ${BROWSER_SESSION_DAYS} ${pluralRu(BROWSER_SESSION_DAYS, 'день', 'дня', 'дней')} без использования. Список входов с кнопками «Выйти» и «Выйти везде» — в настройках. Рекламных и аналитических cookie Сервис не использует.`,
    `13.4. Выгрузка данных: кнопка «Скачать мои данные» в настройках или команда /mydata в боте дают один файл JSON со всеми данными Пользователя (${EXPORT_HOLDS}) и его копию в читаемом виде (HTML). Внутри Telegram файлы присылает бот.`,
    `13.5. Удаление данных: кнопка «Удалить мои данные» в настройках или команда /deletedata в боте, после подтверждения. ${DELETION_GOES} Активный тариф при этом заканчивается: автопродление отменяется, сохранённый способ оплаты отвязывается; возврат за неиспользованный период — по разделу 10. Удаление — это и отзыв согласия на обработку персональных данных.`,
    `13.6. Что остаётся после удаления и почему. ${DELETION_STAYS} Срок хранения — ${PAYMENT_RECORDS_KEPT_YEARS} лет после окончания года платежа (ст. 29 Федерального закона от 06.12.2011 № 402-ФЗ «О бухгалтерском учёте»; чеки выдаются по Федеральному закону от 22.05.2003 № 54-ФЗ), затем записи удаляются. Если Пользователь пользовался пробным периодом, хранится также хеш его идентификатора Telegram (сам идентификатор, имя и другие данные не хранятся) — только чтобы помнить, что пробный период уже использован. Под хешем идентификатора (с секретным ключом сервиса) не дольше суток хранятся также счётчики использованных раскладов и запросов, чтобы удаление данных не обнуляло дневные лимиты, — затем они удаляются. ${DELETION_RETURN}`,
    `13.7. Напоминания: их можно отключить в настройках или одной кнопкой «${REMINDERS_OFF_BUTTON}» под любым напоминанием бота. Сохранённые данные рождения можно удалить отдельно кнопкой «Новая карта».`,
  ];
}

/** The agreement's 14 sections. */
export function agreementSections(v: LegalView): AgreementSection[] {
  const a = v.agreement;
  const ids = v.providerName && v.inn ? '' : ' Полное имя и ИНН Исполнителя сообщаются Пользователю по запросу.';
  return [
    {
      title: 'Общие положения',
      paragraphs: [
        `1.1. Настоящее соглашение является публичной офертой (ст. 437 Гражданского кодекса РФ) Исполнителя — ${providerLine(v)} — и определяет условия использования сервиса «Таро»: мини-приложения в Telegram, его бота и веб-версии (далее — Сервис).${ids}`,
        '1.2. Акцептом оферты считается начало использования Сервиса или оплата любой его услуги (п. 3 ст. 438 ГК РФ). Совершая акцепт, Пользователь подтверждает, что прочитал соглашение и принимает его условия полностью и без оговорок.',
        `1.3. Редакция ${a.version}, дата вступления в силу — ${a.effectiveDate}. Исполнитель вправе изменять соглашение; новая редакция действует с момента её публикации в Сервисе. Продолжая пользоваться Сервисом, Пользователь соглашается с новой редакцией.`,
      ],
    },
    {
      title: 'Термины и определения',
      paragraphs: [
        '2.1. Сервис — программа для гадания на картах Таро и простых астрологических расчётов с толкованиями, доступная в Telegram и в браузере.',
        '2.2. Пользователь — дееспособное физическое лицо, достигшее 18 лет, принявшее условия соглашения.',
        '2.3. Расклад — набор карт, выбранных Сервисом случайным образом, с толкованием. Подписка — платный доступ к расширенным функциям на оплаченный период. Разовая покупка — оплата отдельной услуги (недельный безлимит, микро-пакет).',
        '2.4. Telegram Stars — внутренняя платёжная единица Telegram, которой оплачиваются цифровые товары внутри Telegram.',
      ],
    },
    {
      title: 'Предмет соглашения',
      paragraphs: [
        '3.1. Исполнитель предоставляет Пользователю доступ к функциям Сервиса: раскладам карт Таро с толкованиями, карте дня, натальной карте — бесплатно в пределах дневных лимитов и платно по тарифам раздела 7.',
        '3.2. Услуги оказываются в электронной форме через интернет. Услуга считается оказанной в момент предоставления доступа к оплаченной функции.',
      ],
    },
    {
      title: 'Возрастные ограничения и дееспособность',
      paragraphs: [
        `4.1. Сервис предназначен только для совершеннолетних (${a.minAge}+). Принимая соглашение, Пользователь подтверждает, что ему исполнилось ${a.minAge} лет и он обладает полной дееспособностью.`,
        '4.2. Если Пользователь не достиг 18 лет, он обязан прекратить использование Сервиса.',
      ],
    },
    {
      title: 'Развлекательный характер Сервиса',
      paragraphs: [
        '5.1. Расклады, толкования, карта дня, натальная карта и любые рекомендации Сервиса носят исключительно развлекательный характер и не являются предсказанием будущего.',
        '5.2. Материалы Сервиса не являются медицинской, психологической, юридической, финансовой или иной профессиональной консультацией. Все решения Пользователь принимает самостоятельно и под свою ответственность; по вопросам здоровья, права и финансов обращайтесь к специалистам.',
      ],
    },
    {
      title: 'Использование искусственного интеллекта',
      paragraphs: [
        v.aiEnabled
          ? '6.1. Толкования раскладов составляются автоматически с помощью искусственного интеллекта (языковой модели) и могут содержать неточности. Исполнитель не гарантирует их точность, полноту и соответствие ожиданиям Пользователя.'
          : '6.1. Сейчас толкования раскладов составляются автоматически по классическим значениям карт, без искусственного интеллекта. Если Сервис подключит ИИ (языковую модель), толкования могут содержать неточности; Исполнитель не гарантирует их точность, полноту и соответствие ожиданиям Пользователя.',
        '6.2. Когда ИИ недоступен, Сервис показывает толкование, составленное по значениям карт, и сообщает об этом.',
        `6.3. Текст вопроса и выпавшие карты передаются поставщику ИИ только для составления толкования${v.aiEnabled ? '; для озвучки — текст толкования, а голосовой вопрос — записью, только чтобы распознать его текст' : ''}. Не указывайте в вопросах персональные данные третьих лиц и сведения, которые не хотите раскрывать.`,
      ],
    },
    {
      title: 'Тарифы и стоимость услуг',
      paragraphs: [
        '7.1. Бесплатно: 1 расклад и 1 карта дня в день.',
        ...tariffParagraphs(v.prices),
        `7.${PLAN_IDS.length + 3}. Актуальная цена указывается в Сервисе перед оплатой; в Telegram цена показывается в Telegram Stars. ${a.vat} (Исполнитель применяет специальный налоговый режим «Налог на профессиональный доход»).`,
        // Voice exists only with an AI provider: its limits are stated only then.
        ...(v.aiEnabled ? [`7.${PLAN_IDS.length + 4}. ${readAloudLimitsText()}`] : []),
      ],
    },
    {
      title: 'Порядок оплаты',
      paragraphs: [
        `8.1. Услуги оплачиваются на условиях ${a.prepaymentPercent}% предоплаты.`,
        '8.2. Внутри Telegram цифровые услуги оплачиваются в Telegram Stars по правилам Telegram. В веб-версии оплата принимается банковской картой через платёжный сервис ЮKassa.',
        '8.3. Данные банковской карты вводятся только на защищённой странице платёжного сервиса; Исполнитель их не получает и не хранит.',
        '8.4. Обязательство по оплате исполнено, когда платёжная система подтвердила платёж. Доступ предоставляется автоматически после такого подтверждения. Чек формируется в соответствии с законодательством о налоге на профессиональный доход и направляется Пользователю.',
      ],
    },
    {
      title: 'Подписка, продление и отмена',
      paragraphs: [
        '9.1. Подписка действует в течение оплаченного периода. Если Пользователь дал согласие на автоплатёж, подписка продлевается автоматически на следующий период по цене, указанной перед оплатой: она фиксируется в момент согласия и не меняется при последующем изменении цен в Сервисе; сумма и дата следующего списания видны в разделе «Подписка». Отметка согласия видна перед оплатой, по умолчанию она не стоит, и её можно снять.',
        `9.2. Пробный период — отдельный вариант оплаты тарифа, который Пользователь выбирает сам: первые ${TRIAL_DAYS} дней${v.prices ? ` — ${termsPrice(v.prices, 'trial')}` : ''}, только картой и только с согласием на автоплатёж; затем подписка продлевается по цене выбранного тарифа, указанной перед оплатой, если Пользователь не отменил продление до окончания пробного периода. Пробный период предоставляется один раз. ${trialSecondOpinionsClaim()}.`,
        '9.3. Отменить продление можно в любой момент в разделе «Подписка». После отмены доступ сохраняется до конца оплаченного периода.',
        '9.4. «Неделя безлимита» и микро-пакет оплачиваются один раз и не продлеваются автоматически.',
      ],
    },
    {
      title: 'Возврат денежных средств',
      paragraphs: [
        `10.1. Претензию о возврате Пользователь направляет в течение ${a.refundClaimDays} дней с даты оплаты: ${supportLine(v)}. В претензии укажите дату оплаты, способ оплаты и причину.`,
        '10.2. Если оплаченный доступ не был предоставлен по вине Исполнителя или из-за технического сбоя, деньги возвращаются полностью. При отказе от подписки возвращается стоимость неиспользованной части периода за вычетом фактически понесённых расходов.',
        '10.3. Возврат производится тем же способом, которым была произведена оплата: оплата Telegram Stars возвращается в Stars через Telegram, оплата картой — на ту же карту. Срок зачисления зависит от банка или Telegram.',
        `10.4. «${MONEY_BACK.title}», о которой говорится на страницах Сервиса, — это правила этого раздела: обращение в течение ${a.refundClaimDays} дней с даты оплаты.`,
      ],
    },
    {
      title: 'Права и обязанности сторон',
      paragraphs: [
        `11.1. Исполнитель обязуется предоставлять оплаченный доступ, отвечать на обращения в поддержку ${SUPPORT_ANSWER} и сообщать об изменении условий в Сервисе. Исполнитель вправе проводить технические работы и изменять функции Сервиса, не ухудшая оплаченные условия.`,
        '11.2. Пользователь обязуется не использовать Сервис в противоправных целях, не вмешиваться в его работу и не пытаться получить доступ к чужим данным. При нарушении Исполнитель вправе ограничить доступ.',
      ],
    },
    {
      title: 'Ответственность сторон',
      paragraphs: [
        '12.1. Сервис предоставляется «как есть». Исполнитель не отвечает за решения, принятые Пользователем на основе материалов Сервиса, и за перебои в работе Telegram, платёжных систем и сетей связи.',
        '12.2. Ответственность Исполнителя ограничена суммой, уплаченной Пользователем за услугу, с которой связано требование, если иное не установлено законом.',
      ],
    },
    {
      title: 'Персональные данные и конфиденциальность',
      paragraphs: privacyParagraphs(v),
    },
    {
      title: 'Претензии, споры и контакты',
      paragraphs: [
        `14.1. Ответ на претензию даётся в течение ${a.claimResponseDays} дней с даты её получения.`,
        `14.2. Споры, не урегулированные в претензионном порядке, разрешаются по законодательству РФ: при цене иска до ${rub(a.disputeThresholdRub)} — местным (мировым) судом, при цене иска свыше ${rub(a.disputeThresholdRub)} — в арбитражном суде либо ином суде по подсудности, установленной законом. Право потребителя выбрать суд по своему месту жительства (ст. 17 Закона «О защите прав потребителей») не ограничивается.`,
        `14.3. Связаться с Исполнителем и поддержкой: ${supportLine(v)}; реквизиты — на странице «Контакты».`,
      ],
    },
  ];
}
