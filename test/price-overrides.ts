// Prices overridden as the configuration takes them, for the tests that check every price follows them: none
// of them is a default, and the default prices (which must then appear nowhere) are listed beside them.
export const PRICE_OVERRIDES = {
  PRICES_RUB: 'vip:599,basic:349,week:179,micro:139,trial:19',
  STARS_PRICES: 'vip:460,basic:270,week:140,micro:105',
  // Below the regular micro price, so the promo is a real discount (and its countdown shows).
  MICRO_PRICE_VARIANTS: 'A:129,B:129',
};

/** A default rouble price, not as the tail of a bigger number («1 299 ₽»). */
export const DEFAULT_RUB_PRICE = /(?<!\d)(?<!\d[ \u00a0\u202f])(?:299|499|149|99|79|10)[\s\u00a0]*(?:₽|руб)/;
/** A default Stars price. */
export const DEFAULT_STARS_PRICE = /(?<!\d)(?<!\d[ \u00a0\u202f])(?:385|230|115|75)[\s\u00a0]*⭐/;
