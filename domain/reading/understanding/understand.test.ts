// The understanding step on the forms the brief names: typos, a glued «не», Latin-typed Russian, English;
// and the facts built on it (care tier, themes, whom, gender, topic) on the issue's own examples.
import { describe, expect, it } from 'vitest';
import { assessCare, detectCrisis } from '../crisis';
import { readQuestion } from '../question';
import { understand } from './understand';

const words = (q: string) => understand(q).text.trim();

describe('understand', () => {
  it('repairs typos against the concepts’ words, splits a glued «не», folds held-down letters', () => {
    expect(understand('жызнь').stems).toContain(' жизн/');
    expect(words('нехочется жииить')).toBe('не хочется жить');
    expect(words('несколько месяцев')).toBe('несколько месяцев');
    // A likely slip only: «пьёт» is never read as «бьёт».
    expect(understand('мама пьёт').stems).toContain(' пьет/');
  });

  it('turns Latin-typed Russian into Cyrillic and leaves English as it is', () => {
    expect(words('ne hochu zhit')).toBe('не хочу жит');
    expect(words('4to budet')).toBe('что будет');
    expect(understand('is my husband cheating on me').english).toBe(true);
    expect(words('is my husband cheating on me')).toBe('is my husband cheating on me');
  });

  it('reads chat transliteration: «sch» inside a word, a reflexive «-las», a soft sign left out, Russian among English', () => {
    // «poproshalas» → «попрошалась», whose stem is repaired to the concepts' «попроща».
    expect(words('ya uzhe poproshalas so vsemi')).toBe('я уже попрошалась со всеми');
    expect(understand('ya uzhe poproshalas so vsemi').stems).toContain(' попроща/');
    expect(words('ischeznut')).toBe('исчезнут');
    expect(understand('bolshe ne mogu').stems).toContain(' больш/');
    // The English patterns see the message as written; the stems read its Russian words.
    const mixed = understand('dochka rezhet ruki, i found it yesterday in the bathroom');
    expect(mixed.text).toContain(' rezhet ');
    expect(mixed.stems).toContain('/режет ');
  });
});

describe('concepts by meaning, with what cancels them', () => {
  it.each([
    // Last arrangements: one is everyday life, two together a farewell.
    ['раздала подругам все свои книги, кошку отвезла к маме. что меня ждёт', 'self_harm'],
    ['раздала подругам все свои книги, освобождаю место под новые. куплю ли квартиру?', null],
    ['кошку отвезла к маме на время отпуска, всё будет хорошо?', null],
    ['я на мосту сейчас. просто скажите одну карту', 'self_harm'],
    ['он прижал меня к стене и держал за горло, потом сказал, что пошутил', 'violence'],
    ['отчим по ночам заходит ко мне в комнату и трогает', 'violence'],
    ['он сказал, что если я уйду, он найдёт и закопает', 'violence'],
    ['he locks me in when he goes to work lol', 'violence'],
    ['повешусь ему на шею, когда он вернётся из армии!', null],
    ['сестра грозится меня задушить, если я возьму её платье 😂', null],
    ['меня бьёт током от его взгляда, мы будем вместе?', null],
    // Burning or cutting oneself in other words; a blade taken again; cuts hidden under sleeves.
    ['по вечерам прижигаю запястье сигаретой, легче становится. пройдёт это?', 'self_harm'],
    ['руки жгу зажигалкой когда всё бесит, как бросить', 'self_harm'],
    ['снова достала лезвие. что скажут карты', 'self_harm'],
    ['сын даже летом ходит в длинных рукавах, а вчера я увидела порезы', 'self_harm'],
    ['не вижу выхода кроме крыши. будет ли легче', 'self_harm'],
    ['обжигаю пальцы о горячую сковородку постоянно, это к чему', null],
    // A lover («хахаль») is no laugh; a night on a frozen balcony or a pillow to the face is an act, whatever is
    // said beside it.
    ['её хахаль лупит сына по голове, мне вмешаться?', 'violence'],
    ['отец грозит, что если опять двойка, запрёт меня на балконе на ночь', 'violence'],
    ['брат держал подушку у моего лица, потом сказал что это шутка', 'violence'],
    ['ахахах, брат грозится меня закрыть на балконе, если я съем его торт 😂', null],
    // A laugh taken back («без шуток», «не лол») leaves the words meant; «вскрою вены» is «вскрыть» (writers 44, 45).
    ['хочу сдохнуть. без шуток, без рофлов. кто-нибудь заметит', 'self_harm'],
    ['I want to kill myself lol. ну не lol конечно. что на завтра', 'self_harm'],
    ['вскрою себе вены и всё, скажите карты это конец', 'self_harm'],
    ['вскрою ему машину если опять поставит у подъезда', null],
    ['умираю со смеху без шуток, это любовь?', null],
    // Where one would hang oneself is a plan, not the idiom «повеситься можно от тоски» (writers 47, 48).
    ['думаю повеситься в гараже пока все на даче. есть ли смысл ждать', 'self_harm'],
    ['от этих отчётов повеситься можно, повысят ли меня', null],
    ['утопиться бы в шоколаде после такой недели, будет ли премия', null],
    // Said by another, a date set for oneself, a funeral read for; kept at home, a neck squeezed, a threat for
    // leaving, with a laugh beside them (writers 44–48).
    ['муж как выпьет говорит что застрелится из ружья. он правда может?', 'self_harm'],
    ['брат сказал что с крыши прыгнет если его бросят. правда прыгнет?', 'self_harm'],
    ['назначила себе день. до него неделя. что скажут карты', 'self_harm'],
    ['назначила себе дату свадьбы, успеем ли всё подготовить', null],
    ['разложи на мои похороны, кто придёт', 'self_harm'],
    ['он отобрал телефон и не выпускает меня из дома, это ревность от любви? 🙃', 'violence'],
    ['сказал если уйду найдёт и убьёт, ахах ну романтик. уходить?', 'violence'],
    ['берёт за шею и сжимает пока не захриплю, потом смеётся. это пройдёт?', 'violence'],
    ['ипотека взяла за горло и давит, будет ли повышение', null],
  ])('%s → %s', (q, kind) => expect(detectCrisis(q)).toBe(kind));
});

describe('a joke or an idiom takes back only the words near it; a frame takes back the whole story', () => {
  it.each([
    // A laugh two sentences before the crisis does not cancel it.
    [
      'Утром ржали с коллегами над новым начальником)) Потом обед, потом совещание, всё как обычно. Вечером пришла домой и поняла, что больше так не могу. Думаю, как бы всё это закончить навсегда. Что меня ждёт?',
      'self_harm',
    ],
    [
      'Вчера с сестрой хохотали весь вечер, вспоминали детство. Потом она уехала. Муж пришёл пьяный и сказал, что если я подам на развод, он меня убьёт. Я боюсь спать дома. Чем всё закончится?',
      'violence',
    ],
    // The joke in the same sentence or the next one still takes the words back.
    ['На работе завал. Хочу умереть от усталости, честно)) Потом выходные, отдохну. Дадут ли премию?', null],
    ['Хочу умереть. Шучу конечно)) Потом пойду на свидание. Понравлюсь ли я ему?', null],
    ['Был длинный день. Коллега сказал, что убьёт меня, если я опять опоздаю на планёрку. Посмеялись. Повысят ли меня в этом году?', null],
    // A film anywhere frames the whole story.
    [
      'Смотрели вчера фильм. Там героиня решила покончить с собой. Очень тяжёлая сцена. Потом ели пиццу. Стоит ли смотреть вторую часть?',
      null,
    ],
  ])('%s → %s', (q, kind) => expect(detectCrisis(q)).toBe(kind));

  it('despair told far from a laugh is still concern', () => {
    const q =
      'Вчера на дне рождения подруги все хохотали до слёз)) Я улыбалась со всеми. Домой шла одна. Внутри пусто, всё бессмысленно, нет сил ни на что. Будет ли когда-нибудь легче?';
    expect(assessCare(q).tier).toBe('concern');
  });
});

describe('the question model on the issue’s examples', () => {
  it.each([
    ['Карты, скажите, если я шагну с балкона, станет легче?', 'self_harm'],
    ['Стоит ли выпить всё снотворное, что у меня есть?', 'self_harm'],
    ['ne hochu zhit', 'self_harm'],
    ['жызнь не мила, нехочется жить', 'self_harm'],
    ['Сожитель запирает меня дома и отбирает телефон, это любовь?', 'violence'],
    ['Муж угрожает ножом, что делать?', 'violence'],
    ['Умираю от смеха от его шуток — это влюблённость?', null],
    ['Выпала карта Смерть в раскладе на любовь, что это значит?', null],
    ['Не хочу жить с соседями, переехать?', null],
    ['Как вечер убить?', null],
  ])('%s → %s', (q, kind) => expect(detectCrisis(q)).toBe(kind));

  it('despair without intent is the concern tier', () => {
    expect(assessCare('всё бессмысленно, нет сил ни на что')).toEqual({ tier: 'concern', crisis: null });
  });

  it('themes, whom, gender, topic and polarity', () => {
    const read = (q: string) => readQuestion(q, 'past_present_future');
    expect(read('У сына третий день температура, это что-то серьёзное?').sensitive).toBe('child_health');
    expect(read('Сколько ещё проживёт мой дедушка?').sensitive).toBe('death');
    expect(read('У кота рвота второй день, что с ним?').professional?.nom).toBe('ветеринар');
    expect(read('Муж снова начал пить, закодировать его?').sensitive).toBe('addiction');
    expect(read('Вернётся ли Лена?')).toMatchObject({ about: 'other', gender: 'f', topic: 'love' });
    expect(read('Позвонит ли мне Андрей?')).toMatchObject({ about: 'other', gender: 'm' });
    expect(read('Мой парень изменяет или мне просто кажется?')).toMatchObject({ kind: 'yesno', polarity: 'feared' });
    expect(read('Помиримся ли мы с лучшей подругой после той ссоры?')).toMatchObject({ polarity: 'hoped', about: 'both' });
    expect(read('Is my husband cheating on me?').polarity).toBe('feared');
    expect(read('Сделает ли он предложение?').topic).toBe('love');
    expect(read('Поступлю ли я в МГУ на бюджет?')).toMatchObject({ area: 'study', topic: 'work' });
    expect(read('Сдам ли я ЕГЭ?').area).toBe('study');
    expect(read('Дадут ли мне визу?').area).toBe('general');
  });
});

describe('self-harm said sideways, violence called a game, and the idioms that borrow their words', () => {
  it.each([
    ['Дала себе срок до лета: не станет лучше — значит всё. Что скажут карты?', 'self_harm'],
    ['хочется лечь в снег на морозе и уснуть', 'self_harm'],
    ['насыплю камней в карманы и пойду к озеру. он пожалеет?', 'self_harm'],
    ['думаю закрыться в гараже и завести двигатель, что меня ждёт', 'self_harm'],
    ['не уверена, что доживу до весны, погадай на весну', 'self_harm'],
    ['Карты, жить мне или нет?', 'self_harm'],
    ['брат пишет «скоро все отдохнут от меня», что это значит', 'self_harm'],
    ['в семье я просто балласт, выбросить меня за борт и всё', 'self_harm'],
    ['хватит дышать, я устала. что у меня впереди', 'self_harm'],
    ['стоит ли мне ещё оставаться на этом свете', 'self_harm'],
    ['тушу сигареты об руку, чтобы хоть что-то чувствовать. позвонит ли он', 'self_harm'],
    ['wrote a suicide note last night haha, will he call?', 'self_harm'],
    ['парень отобрал мои документы и загранпаспорт, говорит что так надёжнее 🙃 вернёт?', 'violence'],
    ['муж в шутку душит меня в постели, в игре, я один раз даже теряла сознание. это нормально?', 'violence'],
    ['начальница бесит, придушила бы её, как с ней работать?', null],
    ['эта ипотека меня задушит, одобрят ли рефинансирование', null],
    ['я сказал лишнее на совещании, уволят?', null],
    ['лягу спать и не встану до обеда, выходные же. куда сходить вечером', null],
    ['через год не вижу себя на этой работе, менять ли?', null],
  ])('%s → %s', (q, kind) => expect(detectCrisis(q)).toBe(kind));
});

describe('a feared event said without a fearful word, and an «or» that only doubts the first', () => {
  const read = (q: string) => readQuestion(q, 'past_present_future');
  it.each([
    'свекровь меня недолюбливает?',
    'коллеги меня не уважают?',
    'поезд опоздает завтра?',
    'жених не передумает до свадьбы?',
    'после переезда мы с Олей перестанем дружить?',
    'младший брат женится раньше меня?',
    'хозяин выселит нас до весны?',
    'Дима охладел ко мне или я себе придумываю',
    'жена грозится уехать к маме, уедет?',
    'начальник вызовет меня на ковёр из-за отчёта?',
    'сын оставит институт на третьем курсе?',
  ])('%s → feared', (q) => expect(read(q)).toMatchObject({ kind: 'yesno', polarity: 'feared' }));

  it('a doubt of one’s own eyes is no second option; a real alternative still is', () => {
    expect(read('муж ревнует или мне только кажеться').kind).toBe('yesno');
    expect(read('он скучает или мне это кажется').options).toBeNull();
    expect(read('Переехать в Казань или остаться в Самаре?').kind).toBe('choice');
    expect(read('Сдам ли я сессию?').polarity).toBe('hoped');
  });
});

describe('a theme’s words borrowed by things that are not alive, a school subject, a flight, a missed deadline', () => {
  const theme = (q: string) => readQuestion(q, 'past_present_future').sensitive;
  it.each([
    'мой ноутбук умирает, доживёт до конца сессии?',
    'кактус на окне умирает, это плохой знак?',
    'учительница по химии меня не любит, сдам ли экзамен',
    'лечу в Сочи в пятницу, погода будет?',
    'сорвала сделку с поставщиком, уволят?',
    'помру со смеху с этих мемов, есть ли у меня чувство юмора',
    'умираю как хочу в отпуск, дадут ли в июле?',
    'свекровь говорит, давление у неё от меня скачет, ха. помиримся?',
    'на нас родовое проклятие? что скажут карты',
    'купить посудомоечную машину или подождать распродажи?',
  ])('%s → no theme', (q) => expect(theme(q)).toBeNull());

  it('a person dying and a relapse keep their themes', () => {
    expect(theme('дедушка при смерти в больнице, успею ли прилететь')).toBe('death');
    expect(theme('муж опять сорвался и запил, закодировать?')).toBe('addiction');
  });
});

describe('no question at all: a held-down sound, «не знаю, что спросить», a bare «можно расклад»', () => {
  const kind = (q: string) => readQuestion(q, 'past_present_future').kind;
  it.each(['ммммм', 'эээээ ну', 'не знаю что спросить, давай', 'mozhno rasklad pls'])('%s → vague', (q) => expect(kind(q)).toBe('vague'));
  it('a question beside them is still read', () => {
    expect(kind('можно ли мне переехать к нему?')).toBe('yesno');
    expect(kind('ааа, когда он позвонит?')).toBe('timing');
  });
});

describe('an older person’s words: a prayer to be taken, joining the dead, things put in order, violence at home', () => {
  it.each([
    ['Боже, прибери меня поскорее, устала я. Что скажут карты', 'self_harm'],
    ['пора мне к жене на небо, заждалась она. увидимся ли', 'self_harm'],
    ['уйду тихонько, пока не стала обузой детям', 'self_harm'],
    ['жизнь я прожил, хватит. когда лучше', 'self_harm'],
    ['коплю капли, их уже целый флакон. хватит?', 'self_harm'],
    ['хочу проститься с внуками так, чтобы не поняли, что насовсем', 'self_harm'],
    ['дед сидит в сарае с ружьём и молчит. что делать', 'self_harm'],
    ['Подруга написала «я прощаюсь, не ищите меня». жива ли она', 'self_harm'],
    ['свёкор бьёт мужа головой об стену, когда выпьет', 'violence'],
    ['сноха запирает маму в комнате и не кормит её', 'violence'],
    ['сын угрожал спалить дом вместе с нами, решится ли', 'violence'],
    ['муж принуждает к близости, говорит это мой долг', 'violence'],
    ['врач говорит, что надо под нож, операция в мае. соглашаться?', null],
    ['попрощалась навсегда со старой квартирой, переезжаем! понравится ли на новом месте', null],
    ['сын ударился головой о стол, шишка, к врачу?', null],
    ['сына ударил отчим ремнём, что делать', 'violence'],
  ])('%s → %s', (q, kind) => expect(detectCrisis(q)).toBe(kind));
});

describe('writers 19–22: a method at hand, life left as a game, a death that pays, a joke taken back, control and grooming', () => {
  it.each([
    ['купила новые лезвия, таро, что со мной будет', 'self_harm'],
    ['ну всё, я ливаю из этого сервера под названием жизнь', 'self_harm'],
    ['хочу чтобы меня удалили из этого мира как страницу', 'self_harm'],
    ['решил сам поставить точку, карты что скажут', 'self_harm'],
    ['застрахую жизнь и уйду, хоть семье будет на что жить', 'self_harm'],
    ['сынок, если ты это прочтёшь, прости меня', 'self_harm'],
    ['не хочу доживать до понедельника, что делать', 'self_harm'],
    ['какой смысл, жить незачем', 'self_harm'],
    ['выпью всё из аптечки, меня откачают?', 'self_harm'],
    ['выпала Смерть, смешно, мост я уже выбрала', 'self_harm'],
    ['под фуру бы попасть, шучу. или нет', 'self_harm'],
    ['проиграла всё в игровые автоматы, теперь только в петлю', 'self_harm'],
    ["lol jk but not really, i'm going to kms", 'self_harm'],
    ['is it wrong to want to stop existing', 'self_harm'],
    ['сосед просит у дочки фото без одежды', 'violence'],
    ['отчим заходит к падчерице ночью, она плачет', 'violence'],
    ['муж следит за мной через геолокацию и читает всё', 'violence'],
    ['сказал, что ноги мне переломает, если пойду к подругам', 'violence'],
    ['толкнул меня, а теперь дарит цветы и извиняется', 'violence'],
    ['свекровь держит меня как собаку, документы в сейфе', 'violence'],
    ['выпала Башня, а он меня вчера швырнул об стену', 'violence'],
    ['сама поставлю точку в отношениях?', null],
    ['утону в этих курсовых, когда каникулы', null],
    ['тренер убьёт нас на тренировке, выиграем?', null],
    ['она прям повесилась ему на шею, он её выберет?', null],
    ['начальник задушил своими отчётами, уволиться?', null],
    ['выпила противозачаточную таблетку поздно, сработает?', null],
    ['если не сдам сессию, выпилюсь лол 😂 а если серьёзно, сдам?', null],
    ['загадала: выпадет Башня, значит пора', 'self_harm'],
    ['подруга написала, что пойдёт топиться, где она', 'self_harm'],
    ['у брата есть верёвка и он всё продумал, что делать', 'self_harm'],
    ['хочу спать вечно и ничего не чувствовать', 'self_harm'],
    ['читаю, как уйти без боли, это нормально?', 'self_harm'],
    ['мать грозит, что убьёт меня, если узнает, что я лесбиянка', 'violence'],
    ['если выпадет Солнце, значит сегодня он напишет?', null],
    ['папа убьёт меня, если узнает про двойку', null],
  ])('%s → %s', (q, kind) => expect(detectCrisis(q)).toBe(kind));

  const theme = (q: string) => readQuestion(q, 'past_present_future').sensitive;
  it('themes: a pregnancy feared or hoped, gambling and drugs, a parent stripped of rights, a visa expired', () => {
    expect(theme('мы не предохранялись, будет ли залёт')).toBe('pregnancy');
    expect(theme('брат подсел на ставки и покер, бросит?')).toBe('addiction');
    expect(theme('сын сидит на мефе, как вытащить')).toBe('addiction');
    expect(theme('хотят лишить меня родительских прав, получится?')).toBe('legal');
    expect(theme('виза истекла месяц назад, что будет')).toBe('legal');
  });
});
