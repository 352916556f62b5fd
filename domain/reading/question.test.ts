// The question model on a few hundred real-sounding questions: typos, no question mark, «ну вот», English,
// 500 characters. Each row names only what it checks.
import { describe, expect, it } from 'vitest';
import { readQuestion, type QuestionFacts } from './question';
import { detectCrisis } from './crisis';

type Expect = Partial<Pick<QuestionFacts, 'kind' | 'topic' | 'polarity' | 'sensitive' | 'crisis' | 'options' | 'ask' | 'aboutOther'>>;

/** Checks every row and reports all the rows that differ at once. */
const check = (rows: readonly (readonly [string, Expect])[], spread = 'past_present_future') => {
  const wrong: string[] = [];
  for (const [q, want] of rows) {
    const got = readQuestion(q, spread);
    const picked = Object.fromEntries(Object.keys(want).map((k) => [k, got[k as keyof QuestionFacts]]));
    if (JSON.stringify(picked) !== JSON.stringify(want)) wrong.push(`${q}: got ${JSON.stringify(picked)}, want ${JSON.stringify(want)}`);
  }
  expect(wrong).toEqual([]);
};

const SELF_HARM = [
  'Я не хочу жить, стоит ли всё закончить?',
  'не хочу жить',
  'нехочу жить больше',
  'не хочеться жить вообще',
  'жить не хочется',
  'Жить не хочу, что мне делать',
  'хочу умереть',
  'Хочется умереть, когда это закончится?',
  'я хочу сдохнуть',
  'думаю о суициде',
  'суецид это выход?',
  'мысли о самоубийстве не отпускают',
  'стоит ли покончить с собой',
  'поконччить с собой или нет',
  'Подруга хочет покончить с собой, что делать?',
  'хочу свести счёты с жизнью',
  'наложу на себя руки',
  'думаю убить себя',
  'Убью себя если он уйдёт',
  'режу себя каждый вечер, это пройдёт?',
  'Порезать вены или нет',
  'хочу вскрыть вены',
  'у меня селфхарм, пройдёт ли',
  'наглотаться таблеток и уснуть',
  'прыгнуть с крыши — единственный выход?',
  'не вижу смысла жить',
  'зачем мне жить дальше',
  'лучше бы меня не было',
  'лучше бы я умерла',
  'я устала жить',
  'нет сил жить',
  'хочу уйти из жизни',
  'думаю выпилиться',
  'Стоит ли мне повеситься',
  'сын режет себя, что делать',
  'I want to kill myself',
  "I don't want to live anymore",
  'thinking about suicide',
  'не хочу жить без него',
  'ну вот опять не хочу жить, скажи карты',
];

const VIOLENCE = [
  'Муж бьёт меня, стоит ли терпеть?',
  'муж бьет меня и детей',
  'Он меня бьёт, но я его люблю. Изменится ли он?',
  'меня избивает парень',
  'отчим избивает маму',
  'Отец бьёт меня, когда пьёт',
  'Муж поднимает на меня руку',
  'он поднял на меня руку вчера',
  'меня бьют дома',
  'побои от мужа, уйти?',
  'домашнее насилие, что делать',
  'Муж угрожает убить меня',
  'боюсь идти домой',
  'он душит меня во время ссор',
  'My husband beats me',
  'domestic violence what to do',
  'сожитель избил меня',
];

const NOT_CRISIS = [
  'Не хочу жить с родителями, стоит ли переехать?',
  'не хочу жить в этом городе',
  'Не хочу жить с мужем, развестись?',
  'не хочу жить так, как раньше',
  'Стоит ли закончить отношения?',
  'Закончить ли мне учёбу?',
  'Покончу ли я с долгами?',
  'Убьёт ли меня мама за двойку?',
  'Бьётся ли его сердце для меня?',
  'Он бьётся над задачей, справится ли?',
  'не хочу умирать от скуки на работе',
  'Что меня ждёт?',
  'Выздоровеет ли мама?',
  'Умрёт ли бабушка?',
  'Сколько мне осталось жить?',
  'Повесить ли картину в спальне?',
  'Поднимут ли мне зарплату?',
  'Стоит ли сбросить вес к лету?',
  'Убьёт ли эта работа мою мотивацию?',
  'Режут ли бюджет в отделе?',
  'хочу бросить курить, получится?',
  'Смертельно устала от работы, сменить её?',
  'Брат ударил мяч в окно соседей — будут проблемы?',
  'Стоит ли мне прыгнуть с парашютом?',
  'жить или не жить вместе с ним?',
];

describe('crisis', () => {
  it.each(SELF_HARM)('self-harm: %s', (q) => {
    expect(detectCrisis(q)).toBe('self_harm');
    expect(readQuestion(q, 'free_daily').crisis).toBe('self_harm');
  });
  it.each(VIOLENCE)('violence: %s', (q) => expect(detectCrisis(q)).toBe('violence'));
  it.each(NOT_CRISIS)('not a crisis: %s', (q) => expect(detectCrisis(q)).toBeNull());
  it('finds the crisis inside a long question', () => {
    const q = `${'Я долго думала, стоит ли спрашивать, и всё-таки спрошу. '.repeat(6)}Иногда я не хочу жить.`;
    expect(q.length).toBeGreaterThan(350);
    expect(detectCrisis(q)).toBe('self_harm');
  });
});

describe('kind', () => {
  it('yes/no: «ли», a verb first, a question mark without a question word, English', () =>
    check([
      ['Есть ли будущее у наших отношений?', { kind: 'yesno' }],
      ['Стоит ли мне менять работу?', { kind: 'yesno' }],
      ['Будет ли успешным мой новый проект?', { kind: 'yesno' }],
      ['Вернётся ли он ко мне', { kind: 'yesno' }],
      ['вернется ли бывший', { kind: 'yesno' }],
      ['Получу ли я повышение в этом году?', { kind: 'yesno' }],
      ['Он меня любит?', { kind: 'yesno' }],
      ['Любит ли меня муж', { kind: 'yesno' }],
      ['Выйду ли я замуж в этом году?', { kind: 'yesno' }],
      ['Позвонит ли он мне сегодня?', { kind: 'yesno' }],
      ['Поступлю ли я в университет', { kind: 'yesno' }],
      ['Сдам ли я экзамен', { kind: 'yesno' }],
      ['ну вот, получится у меня или как?', { kind: 'yesno' }],
      ['Будет у меня свой дом?', { kind: 'yesno' }],
      ['Стоит ли сегодня звонить бывшему?', { kind: 'yesno' }],
      ['Правда ли он меня любит', { kind: 'yesno' }],
      ['Сбудется ли моя мечта', { kind: 'yesno' }],
      ['Will he come back?', { kind: 'yesno' }],
      ['Should I change my job?', { kind: 'yesno' }],
      ['Брать кредит или нет?', { kind: 'yesno' }],
      ['Стоит ли соглашаться на переезд или нет', { kind: 'yesno' }],
      ['Да или нет: он думает обо мне?', { kind: 'yesno' }],
      ['муж изменяет', { kind: 'yesno' }],
      ['Найду ли я работу мечты', { kind: 'yesno' }],
      ['Удастся ли мне накопить на машину?', { kind: 'yesno' }],
    ]));

  it('either/or: both options as the user wrote them', () =>
    check([
      ['Уехать в Германию или остаться в Москве?', { kind: 'choice', options: ['Уехать в Германию', 'остаться в Москве'] }],
      ['Остаться в этом городе или переехать?', { kind: 'choice', options: ['Остаться в этом городе', 'переехать'] }],
      ['Стоит ли мне переехать к нему или подождать?', { kind: 'choice', options: ['переехать к нему', 'подождать'] }],
      ['Выйти замуж за Сергея или за Андрея?', { kind: 'choice', options: ['за Сергея', 'за Андрея'] }],
      ['Что мне выбрать: работу в банке или свой бизнес?', { kind: 'choice', options: ['работу в банке', 'свой бизнес'] }],
      ['Кого выбрать, Сергея или Андрея', { kind: 'choice', options: ['Сергея', 'Андрея'] }],
      ['ну вот, уйти с работы или остаться', { kind: 'choice', options: ['уйти с работы', 'остаться'] }],
      ['Уволиться сейчас или дождаться премии?', { kind: 'choice', options: ['Уволиться сейчас', 'дождаться премии'] }],
      ['Поступать на юриста или на врача?', { kind: 'choice', options: ['на юриста', 'на врача'] }],
      ['Купить квартиру или машину?', { kind: 'choice', options: ['Купить квартиру', 'машину'] }],
      ['Мне лучше простить его или уйти?', { kind: 'choice', options: ['простить его', 'уйти'] }],
      ['Выбрать между Машей и Олей', { kind: 'choice', options: ['Машей', 'Олей'] }],
      ['Либо учёба в Питере, либо работа дома?', { kind: 'choice', options: ['учёба в Питере', 'работа дома'] }],
      ['Какую работу выбрать: в офисе или удалённую?', { kind: 'choice', options: ['в офисе', 'удалённую'] }],
      ['Вернуться к бывшему или начать новые отношения', { kind: 'choice', options: ['Вернуться к бывшему', 'начать новые отношения'] }],
      ['Should I stay or go?', { kind: 'choice', options: ['stay', 'go'] }],
      ['Рожать сейчас или подождать пару лет?', { kind: 'choice', options: ['Рожать сейчас', 'подождать пару лет'] }],
      ['Поехать в отпуск на море или в горы?', { kind: 'choice', options: ['на море', 'в горы'] }],
      ['Продолжать бизнес или закрыть его?', { kind: 'choice', options: ['Продолжать бизнес', 'закрыть его'] }],
      ['Остаться с мужем или уйти к Игорю, он зовёт меня уже год', { kind: 'choice', options: ['Остаться с мужем', 'уйти к Игорю'] }],
    ]));

  it('timing: «когда», «скоро ли», «как скоро», English', () =>
    check([
      ['Когда я встречу свою любовь?', { kind: 'timing' }],
      ['когда он позвонит', { kind: 'timing' }],
      ['Скоро ли я выйду замуж?', { kind: 'timing' }],
      ['Как скоро найду работу', { kind: 'timing' }],
      ['Через сколько мы помиримся?', { kind: 'timing' }],
      ['Сколько ещё ждать повышения?', { kind: 'timing' }],
      ['В каком месяце я перееду?', { kind: 'timing' }],
      ['When will I meet my soulmate?', { kind: 'timing' }],
      ['ну вот когда уже всё наладится', { kind: 'timing' }],
      ['Когда закончатся мои проблемы с деньгами', { kind: 'timing' }],
      ['Когда придёт предложение о работе?', { kind: 'timing' }],
      ['Как долго ждать ответа из университета?', { kind: 'timing' }],
    ]));

  it('open: how, why, what lies ahead, what another person feels', () =>
    check([
      ['Как улучшить моё финансовое положение?', { kind: 'open', ask: 'how' }],
      ['Как мне восстановить силы?', { kind: 'open', ask: 'how' }],
      ['Как наладить отношения с сестрой?', { kind: 'open', ask: 'how' }],
      ['Что мне делать с работой?', { kind: 'open', ask: 'how' }],
      ['как быть дальше', { kind: 'open', ask: 'how' }],
      ['Почему он ушёл?', { kind: 'open', ask: 'why' }],
      ['почему у меня не получается похудеть', { kind: 'open', ask: 'why' }],
      ['Зачем он вернулся?', { kind: 'open', ask: 'why' }],
      ['Что меня ждёт сегодня?', { kind: 'open', ask: 'what' }],
      ['Что ждёт меня в новом году?', { kind: 'open', ask: 'what' }],
      ['В чём моё предназначение?', { kind: 'open', ask: 'what' }],
      ['Как сложится моя учёба?', { kind: 'open', ask: 'what' }],
      ['Что он чувствует ко мне?', { kind: 'open', ask: 'feel', aboutOther: true }],
      ['Как ко мне относится начальник?', { kind: 'open', ask: 'feel', aboutOther: true }],
      ['что думает обо мне бывший', { kind: 'open', ask: 'feel', aboutOther: true }],
      ['Какие у него намерения?', { kind: 'open' }],
      ['Моя карьера в этом году', { kind: 'open', ask: 'what' }],
      ['What does he feel about me?', { kind: 'open', aboutOther: true }],
      ['К чему приведут мои нынешние решения?', { kind: 'open', ask: 'what' }],
      ['Чему меня научит этот год?', { kind: 'open', ask: 'what' }],
      // Its area (health or the inner life) is one writers disagree on and the learned area layer decides: not checked here.
      ['Что мешает мне чувствовать себя лучше?', { kind: 'open', ask: 'why' }],
      ['Какой совет дают карты на сегодня?', { kind: 'open', ask: 'how' }],
      ['Что поможет мне обрести внутреннее равновесие?', { kind: 'open', ask: 'how' }],
    ]));

  it('vague: empty words, fillers, keyboard mashing', () =>
    check([
      ['ну вот', { kind: 'vague' }],
      ['???', { kind: 'vague' }],
      ['...', { kind: 'vague' }],
      ['просто так', { kind: 'vague' }],
      ['погадай', { kind: 'vague' }],
      ['расскажи что-нибудь', { kind: 'vague' }],
      ['не знаю', { kind: 'vague' }],
      ['хз', { kind: 'vague' }],
      ['ффффф', { kind: 'vague' }],
      ['тест', { kind: 'vague' }],
      ['ну да', { kind: 'vague' }],
      ['Таро, привет', { kind: 'vague' }],
    ]));
});

describe('topic', () => {
  it('family is not romance; love, work, money, health, self', () =>
    check([
      ['Как наладить отношения с сестрой?', { topic: 'family' }],
      ['Помирюсь ли я с мамой?', { topic: 'family' }],
      ['Как найти общий язык с отцом', { topic: 'family' }],
      ['Простит ли меня брат?', { topic: 'family' }],
      ['Как складываются отношения с сыном-подростком?', { topic: 'family' }],
      ['Примет ли меня свекровь?', { topic: 'family' }],
      ['Что ждёт нашу семью в этом году?', { topic: 'family' }],
      ['как помочь родителям', { topic: 'family' }],
      ['Есть ли будущее у наших отношений?', { topic: 'love' }],
      ['Любит ли меня муж', { topic: 'love' }],
      ['Вернётся ли бывший?', { topic: 'love' }],
      ['Встречу ли я свою любовь', { topic: 'love' }],
      ['Изменяет ли мне жена?', { topic: 'love' }],
      ['Стоит ли мне менять работу?', { topic: 'work' }],
      ['Получу ли я повышение?', { topic: 'work' }],
      ['Сдам ли я экзамен', { topic: 'work' }],
      ['Обманывает ли меня партнёр по бизнесу?', { topic: 'work' }],
      ['Как улучшить моё финансовое положение?', { topic: 'money' }],
      ['Будут ли у меня деньги на отпуск', { topic: 'money' }],
      ['Верну ли я долг?', { topic: 'money' }],
      ['Как мне восстановить силы?', { topic: 'health' }],
      ['Как справиться со стрессом', { topic: 'health' }],
      ['В чём моё предназначение?', { topic: 'self' }],
      ['Какой урок мне нужно пройти', { topic: 'self' }],
      ['Что меня ждёт сегодня?', { topic: 'general' }],
    ]));

  it('a question that names no topic takes the spread’s', () => {
    expect(readQuestion('Что меня ждёт?', 'love_relationship').topic).toBe('love');
    expect(readQuestion('Что меня ждёт?', 'career_finance').topic).toBe('work');
    expect(readQuestion('Что меня ждёт?', 'health_wellbeing').topic).toBe('health');
    expect(readQuestion('Что меня ждёт?', 'spiritual_guidance').topic).toBe('self');
  });
});

describe('polarity', () => {
  it('a feared event: unfaithfulness, lies, being left, losing a job, illness, court, quarrels', () =>
    check(
      [
        'Изменяет ли мне муж?',
        'изменяет ли жена',
        'Есть ли у него другая?',
        'Уволят ли меня?',
        'уволят ли меня с работы в этом месяце',
        'Сократят ли меня?',
        'Бросит ли он меня?',
        'Уйдёт ли он от меня к другой?',
        'Обманывает ли меня партнёр?',
        'Врёт ли он мне',
        'Предаст ли меня подруга?',
        'Разлюбит ли он меня?',
        'Расстанемся ли мы?',
        'Разведёмся ли мы с мужем',
        'Провалю ли я экзамен?',
        'Отчислят ли меня из института',
        'Потеряю ли я деньги на этой сделке',
        'Будут ли проблемы на работе?',
        'Поссоримся ли мы на праздниках?',
        'Боюсь, что он уйдёт. Так и будет?',
        'Есть ли на мне порча?',
        'не обманет ли меня новый арендодатель',
        'Will he cheat on me? изменит ли мне он',
        'Откажут ли мне в визе?',
        'Выгонят ли меня из квартиры?',
      ].map((q) => [q, { kind: 'yesno', polarity: 'feared' }] as const),
    ));

  it('a hoped event', () =>
    check(
      [
        'Вернётся ли он ко мне?',
        'Получу ли я повышение?',
        'Позвонит ли он сегодня?',
        'Выйду ли я замуж в этом году?',
        'Любит ли меня муж',
        'Стоит ли сегодня звонить бывшему?',
        'Изменится ли моя жизнь к лучшему?',
        'Изменит ли новая работа мою жизнь?',
        'Найду ли я работу мечты',
        'Помиримся ли мы?',
        'Возьмут ли меня на новую работу?',
        'Сбудется ли моё желание',
      ].map((q) => [q, { kind: 'yesno', polarity: 'hoped' }] as const),
    ));

  it("the asker's wish or dread said in words decides over the event (issue 46)", () =>
    check([
      ['Очень хочу, чтобы соседа выселили. Выселят?', { kind: 'yesno', polarity: 'hoped' }],
      ['пусть этот тренер уволится. уволится?', { kind: 'yesno', polarity: 'hoped' }],
      ['Перестанет ли наконец свекровь скандалить', { kind: 'yesno', polarity: 'hoped' }],
      ['он женат уже десять лет. уйдёт ли он от жены', { kind: 'yesno', polarity: 'hoped' }],
      ['мы поругались, я ору, а если серьёзно, он меня простит?', { kind: 'yesno', polarity: 'hoped' }],
      ['Неужели он так и не напишет', { kind: 'yesno', polarity: 'feared' }],
      ['снова не позовут на встречу?', { kind: 'yesno', polarity: 'feared' }],
      ['Дадут премию Олегу вместо меня?', { kind: 'yesno', polarity: 'feared' }],
      ['сократят мой отдел или пронесёт', { kind: 'yesno', polarity: 'feared' }],
      ['Завтра УЗИ почки. Найдут что-нибудь?', { kind: 'yesno', polarity: 'feared' }],
      ['Заведут на брата дело?', { kind: 'yesno', polarity: 'feared' }],
      ['Он и его коллега Лиза — между ними что-то есть?', { kind: 'yesno', polarity: 'feared' }],
      ['Вернётся ли муж к своей бывшей', { kind: 'yesno', polarity: 'feared' }],
    ] as const));

  it('open, timing and choice questions are neutral', () =>
    check([
      ['Что меня ждёт сегодня?', { polarity: 'neutral' }],
      ['Когда я встречу свою любовь?', { polarity: 'neutral' }],
      ['Уехать или остаться?', { polarity: 'neutral' }],
    ]));
});

describe('sensitive', () => {
  it('health, pregnancy, children’s health, death, court, large money', () =>
    check([
      ['Выздоровеет ли мама?', { sensitive: 'health', topic: 'health' }],
      ['Заболею ли я?', { sensitive: 'health' }],
      ['Поможет ли операция папе', { sensitive: 'health' }],
      ['Какой диагноз мне поставят', { sensitive: 'health' }],
      ['У меня рак?', { sensitive: 'health' }],
      ['Будут ли хорошие анализы', { sensitive: 'health' }],
      ['Пройдёт ли лечение успешно', { sensitive: 'health' }],
      ['Что с моим здоровьем?', { sensitive: 'health' }],
      ['Забеременею ли я в этом году?', { sensitive: 'pregnancy', topic: 'health' }],
      ['Будет ли у нас ребёнок?', { sensitive: 'pregnancy' }],
      ['Получится ли ЭКО', { sensitive: 'pregnancy' }],
      ['Когда я стану мамой?', { sensitive: 'pregnancy', kind: 'timing' }],
      ['Рожу ли я здорового малыша', { sensitive: 'pregnancy' }],
      ['Будут ли у меня дети', { sensitive: 'pregnancy' }],
      ['Выздоровеет ли мой сын?', { sensitive: 'child_health', topic: 'health' }],
      ['Дочка часто болеет, что с ней?', { sensitive: 'child_health' }],
      ['Нужна ли ребёнку операция?', { sensitive: 'child_health' }],
      ['Умрёт ли бабушка?', { sensitive: 'death' }],
      ['Сколько мне осталось жить?', { sensitive: 'death' }],
      ['Долго ли я проживу', { sensitive: 'death' }],
      ['Доживёт ли дедушка до весны?', { sensitive: 'death' }],
      ['Будет ли суд?', { sensitive: 'legal', polarity: 'feared' }],
      ['Выиграю ли я дело в суде?', { sensitive: 'legal' }],
      ['Посадят ли моего брата', { sensitive: 'legal' }],
      ['Получу ли я наследство', { sensitive: 'legal' }],
      ['Присудят ли алименты?', { sensitive: 'legal' }],
      ['Стоит ли вкладывать деньги в крипту?', { sensitive: 'investment', topic: 'money' }],
      ['Брать ли ипотеку?', { sensitive: 'investment' }],
      ['Купить квартиру или машину?', { sensitive: 'investment', kind: 'choice' }],
      ['Вложить все сбережения в бизнес друга?', { sensitive: 'investment' }],
      ['Стоит ли брать кредит', { sensitive: 'investment' }],
      ['Вырастут ли акции Газпрома?', { sensitive: 'investment' }],
      ['Любит ли меня муж', { sensitive: null }],
      ['Что меня ждёт сегодня?', { sensitive: null }],
      ['Как мне восстановить силы?', { sensitive: null }],
      ['Смертельно устала, сменить работу?', { sensitive: null }],
      ['Как справиться со стрессом на работе', { sensitive: null }],
      ['Судьба ли он мне?', { sensitive: null }],
    ]));

  it('names the professional', () => {
    expect(readQuestion('Выздоровеет ли мама?', 'free_daily').professional?.nom).toBe('врач');
    expect(readQuestion('Выиграю ли я суд?', 'free_daily').professional?.nom).toBe('юрист');
    expect(readQuestion('Брать ли ипотеку?', 'free_daily').professional?.nom).toBe('финансовый консультант');
    expect(readQuestion('Забеременею ли я?', 'free_daily').professional?.nom).toBe('врач-гинеколог');
    expect(readQuestion('Выздоровеет ли мой сын?', 'free_daily').professional?.nom).toBe('детский врач');
    expect(readQuestion('Любит ли он меня?', 'free_daily').professional).toBeNull();
  });
});

describe('forgiving input', () => {
  it('the longest question the app takes is read too', () => {
    const q =
      `${'Мы вместе пять лет, всё было хорошо, но последние месяцы он часто задерживается, прячет телефон и стал холоднее. '.repeat(5)}Изменяет ли он мне?`.slice(
        -500,
      );
    expect(q.length).toBe(500);
    expect(readQuestion(q, 'love_relationship')).toMatchObject({ kind: 'yesno', polarity: 'feared', topic: 'love' });
  });

  it('typos, no punctuation, upper case, «ну вот», a long question', () =>
    check([
      ['ИЗМЕНЯЕТ ЛИ МНЕ МУЖ', { kind: 'yesno', polarity: 'feared', topic: 'love' }],
      ['изменяет ли мне муж!!!', { kind: 'yesno', polarity: 'feared' }],
      ['ну вот вернется ли он', { kind: 'yesno', polarity: 'hoped', topic: 'love' }],
      ['уволят ли миня', { kind: 'yesno', polarity: 'feared' }],
      ['кагда я встречу любовь', { kind: 'timing' }],
      ['  Когда   я   выйду   замуж  ', { kind: 'timing', topic: 'love' }],
      ['уехать в питер или остатся дома', { kind: 'choice', options: ['уехать в питер', 'остатся дома'] }],
      ['вылечится ли мама', { sensitive: 'health' }],
      [
        `${'Мы вместе пять лет, всё было хорошо, но последние месяцы он часто задерживается, прячет телефон и стал холоднее. '.repeat(5)}Изменяет ли он мне?`.slice(
          -500,
        ),
        { kind: 'yesno', polarity: 'feared', topic: 'love' },
      ],
      [
        `${'Я работаю в компании давно, начальник сменился, и новые правила мне не нравятся, коллеги уходят один за другим. '.repeat(3)}Уйти самой или дождаться сокращения?`,
        { kind: 'choice', options: ['Уйти самой', 'дождаться сокращения'] },
      ],
    ]));
});

describe("the part of life: the goal asked about, what is lacking, one's person to come (issue 46)", () => {
  const area = (q: string) => readQuestion(q, 'past_present_future').area;
  it("a relative's exam or admission is study; a quarrel over one stays the family's", () => {
    expect(area('внучка ОГЭ по математике сдаст?')).toBe('study');
    expect(area('племянник в колледж на повара поступит?')).toBe('study');
    expect(area('как помириться с мамой после ссоры из-за института')).toBe('family');
  });
  it('people and things named only as missing are the inner life', () => {
    expect(area('пятьдесят лет, ни мужа, ни детей, ни работы нормальной. есть ли смысл')).toBe('self');
    expect(area('мама болеет, я не могу ни есть ни спать. поправится ли мама')).not.toBe('self');
  });
  it("one's person still to come, the first message, the single's curse are love", () => {
    expect(area('появится ли у меня кто-то до весны')).toBe('love');
    expect(area('стоит ли написать первым')).toBe('love');
    expect(area('снимется ли венец безбрачия')).toBe('love');
  });
  it('a driving licence, a class monitor, a faculty are study; old age is not', () => {
    expect(area('сдам ли я на права с первого раза')).toBe('study');
    expect(area('выберут ли Олю старостой')).toBe('study');
    expect(area('какой будет моя старость')).not.toBe('study');
  });
  it("one's own game, contest or guardian angel is the self", () => {
    expect(area('апну ли я ранг в доте')).toBe('self');
    expect(area('пройду ли кастинг в сериал')).toBe('self');
  });
});

describe('«когда-нибудь» asks whether, not when (issue 46)', () => {
  it('is a yes/no; a plain «когда» stays timing', () => {
    expect(readQuestion('это чувство когда-нибудь пройдёт?', 'past_present_future').kind).toBe('yesno');
    expect(readQuestion('он когда нибудь позвонит', 'past_present_future').kind).toBe('yesno');
    expect(readQuestion('когда он позвонит', 'past_present_future').kind).toBe('timing');
  });
});
