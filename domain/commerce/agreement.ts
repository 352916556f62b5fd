// The agreement's constants and its money-back rule: a small module of their own, because the home screen
// states the guarantee and must not load the whole terms (domain/commerce/legal.ts renders them).
export const AGREEMENT = {
  title: 'Пользовательское соглашение (публичная оферта)',
  effectiveDate: '02.09.2025',
  version: '1.0',
  prepaymentPercent: 100,
  minAge: 18,
  vat: 'НДС не облагается',
  refundClaimDays: 14,
  /** The answer to a message to support (/paysupport, the contacts page, section 11.1). */
  supportAnswerDays: 3,
  /** The answer to a formal claim (section 14.1). */
  claimResponseDays: 30,
  disputeThresholdRub: 100_000,
} as const;

/**
 * The one money-back rule, said the same way on home, on the paywall and in the terms: a claim within
 * `refundClaimDays` of the payment; in full when the paid access was not given, otherwise the unused part.
 */
export const MONEY_BACK = {
  title: `Гарантия возврата ${AGREEMENT.refundClaimDays} дней`,
  text: `Если оплаченный доступ не оправдал ожиданий, напишите в поддержку в течение ${AGREEMENT.refundClaimDays} дней после оплаты: вернём деньги за неиспользованный период, а если доступ не был предоставлен — полностью.`,
} as const;
