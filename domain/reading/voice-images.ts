// What is drawn on a card, as the mystic voice reads it: the Rider–Waite–Smith picture of each major arcanum
// (Pamela Colman Smith's drawings, as A. E. Waite's «Pictorial Key to the Tarot» describes them), and for the
// minor arcana what every card of a suit shows (the suit's emblems, counted; the ace's hand from a cloud; the
// court figure holding its emblem). Every phrase is in the nominative, so it stands after «на карте —».
import type { TarotCard } from '../types';

const MAJOR_IMAGES: Record<string, string> = {
  fool: 'юноша у края обрыва, белая роза в руке и собака у ног',
  magician: 'маг у стола с чашей, жезлом, мечом и пентаклем, знак бесконечности над головой',
  'high-priestess': 'жрица между чёрной и белой колоннами, свиток на коленях и полумесяц у ног',
  empress: 'императрица среди спелых колосьев, со щитом Венеры у трона',
  emperor: 'император на каменном троне, украшенном головами овнов',
  hierophant: 'первосвященник с тройным крестом и два скрещённых ключа у его ног',
  lovers: 'двое под крыльями ангела, за ними древо познания и древо жизни',
  chariot: 'колесница под звёздным балдахином и два сфинкса, чёрный и белый',
  strength: 'женщина, спокойно закрывающая пасть льва, и знак бесконечности над ней',
  hermit: 'старец на вершине с фонарём, в котором горит звезда',
  'wheel-of-fortune': 'колесо со сфинксом наверху и змеем, скользящим вниз',
  justice: 'судья между колоннами, меч в одной руке и весы в другой',
  'hanged-man': 'человек, подвешенный за ногу, со светлым нимбом вокруг головы',
  death: 'всадник в чёрных доспехах под белым знаменем с розой',
  temperance: 'ангел, переливающий воду из чаши в чашу, одна нога на земле, другая в воде',
  devil: 'двое в свободных цепях у трона рогатого',
  tower: 'башня под ударом молнии и корона, слетающая с её вершины',
  star: 'дева под восьмиконечной звездой, льющая воду и в пруд, и на землю',
  moon: 'луна над тропой между двумя башнями, собака и волк, воющие на неё',
  sun: 'ребёнок на белом коне под сияющим солнцем и подсолнухи за стеной',
  judgement: 'ангел с трубой и люди, встающие навстречу его зову',
  world: 'танцующая фигура в лавровом венке и четыре существа по углам',
};

type Minor = Exclude<TarotCard['suit'], 'major'>;

/** Emblem forms: one, two to four, five and more, the accusative and the instrumental; feminine or not. */
const EMBLEM: Record<Minor, { one: string; few: string; many: string; acc: string; ins: string; fem: boolean }> = {
  cups: { one: 'чаша', few: 'чаши', many: 'чаш', acc: 'чашу', ins: 'чашей', fem: true },
  pentacles: { one: 'пентакль', few: 'пентакля', many: 'пентаклей', acc: 'пентакль', ins: 'пентаклем', fem: false },
  swords: { one: 'меч', few: 'меча', many: 'мечей', acc: 'меч', ins: 'мечом', fem: false },
  wands: { one: 'жезл', few: 'жезла', many: 'жезлов', acc: 'жезл', ins: 'жезлом', fem: false },
};
const COUNT = ['', '', '', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять', 'десять'];
const COURT = ['паж, держащий перед собой', 'рыцарь верхом, с', 'королева на троне с', 'король на троне с'];

/** The card's picture in a few words (nominative). */
export function imageOf(card: TarotCard): string {
  if (card.suit === 'major') return MAJOR_IMAGES[card.id] ?? card.name;
  const e = EMBLEM[card.suit];
  if (card.rank === 1) return `рука из облака, протягивающая ${e.acc}`;
  if (card.rank === 2) return `${e.fem ? 'две' : 'два'} ${e.few}`;
  if (card.rank <= 4) return `${COUNT[card.rank]} ${e.few}`;
  if (card.rank <= 10) return `${COUNT[card.rank]} ${e.many}`;
  const court = COURT[card.rank - 11];
  return card.rank === 11 ? `${court} ${e.acc}` : `${court} ${e.ins}`;
}
