// Russian plural forms chosen by the platform's CLDR rules (Intl.PluralRules), one helper for the server, the bot
// and the web app.
const rules = new Intl.PluralRules('ru-RU');

/** 1 расклад, 2 расклада, 5 раскладов; a fraction takes the «few» form (2,5 расклада). */
export function pluralRu(n: number, one: string, few: string, many: string): string {
  switch (rules.select(n)) {
    case 'one':
      return one;
    case 'many':
      return many;
    default:
      return few;
  }
}

/** «карта», «карты» or «карт» after a number of cards. */
export const cardsWord = (n: number) => pluralRu(n, 'карта', 'карты', 'карт');
