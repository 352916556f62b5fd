// What deleting one's data does, said the same way in the app, in the bot and in the privacy text.

/** Accounting documents are kept five years (402-ФЗ art. 29); receipts are issued under 54-ФЗ. */
export const PAYMENT_RECORDS_KEPT_YEARS = 5;

/** A browser session lasts this long from its last use (the cookie and the server's row alike). */
export const BROWSER_SESSION_DAYS = 30;
/** The bot's /web sign-in link works once, within this many minutes. */
export const SIGN_IN_LINK_MINUTES = 10;
/** A card payment's return address works once, within this many minutes. */
export const RETURN_LINK_MINUTES = 30;
/** The button under every push that switches the reminders off in one tap. */
export const REMINDERS_OFF_BUTTON = 'Отключить напоминания';

// Names every kind of row the export holds: each titled table of the registry (db/user-data.ts; api/privacy-text.test.ts).
export const EXPORT_HOLDS =
  'расклады с картами, вопросы и толкования, расклады на двоих, вторые мнения, озвученные расклады (без звука: он повторяет текст толкования), уточнения, мини-расклады, заметки и дневник, карту дня по дням и её толкования, итоги месяца, данные рождения, сохранённых людей, свои расклады, пары и приглашения в пару, приглашённых друзей, уроки, напоминания и сообщения бота, события в приложении, входы в браузере, сообщения и обращения в поддержку, отзывы, платежи, заказы и автопродление, профиль и настройки';

// Names every kind of row deletion removes (the registry, db/user-data.ts; api/privacy-text.test.ts holds the two together).
export const DELETION_GOES =
  'Расклады, вопросы и толкования, вторые мнения, озвученные толкования (звук), мини-расклады, память толкователя, уточнения, заметки и дневник, карта дня, итоги месяца, данные рождения, сохранённые люди и свои расклады, ваше участие в парах и приглашения в пару (расклады на двоих, заданные партнёром, остаются у него), приглашённые друзья, прогресс уроков, настройки, входы в браузере, картинки для публикации, сообщения и обращения в поддержку, отзывы, напоминания, события в приложении — удаляются сразу и безвозвратно.';

export const DELETION_STAYS = `Записи о платежах (дата, сумма, что куплено) хранятся ${PAYMENT_RECORDS_KEPT_YEARS} лет, как требует закон о бухгалтерском учёте и кассовых чеках, — без вашего имени, без вопросов и без связи с вашим аккаунтом.`;

export const DELETION_RETURN =
  'Если вы вернётесь, всё начнётся с чистого листа; пробный период, если вы им уже воспользовались, повторно не предоставляется, а расклады и запросы, использованные сегодня, засчитываются до конца дня (и ограничения частоты — до конца их срока).';

/** The confirmation's lines; `plan`: the active plan's name, which ends with the deletion. */
export function deletionSummary(plan: string | null): string[] {
  return [
    DELETION_GOES,
    DELETION_STAYS,
    ...(plan
      ? [
          `Ваш тариф «${plan}» закончится: автопродление отменяется, сохранённая карта отвязывается. Возврат за неиспользованный период — по условиям оферты, через поддержку.`,
        ]
      : []),
    DELETION_RETURN,
  ];
}
