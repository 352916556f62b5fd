// The natal form: birth date (not later than today), time and place, all required, with the
// messages of domain/astro/natal-form.ts; submit disabled until all three are filled; an error clears when its field is
// edited. The place is a city from the suggestions (NatalCitySearch) or coordinates with a time zone
// (NatalCoordinates, checked by the rules the server applies). The data is kept on the server, so the form
// comes back filled in and the chart can be reopened.
import { useId } from 'react';
import { useLocation } from 'wouter';
import { ErrorBlock } from '../components/ErrorBlock';
import { MainAction } from '../components/MainAction';
import { Page } from '../components/Page';
import { NatalBirthFields } from './NatalBirthFields';
import { NatalPlaceFields } from './NatalPlaceFields';
import { useNatalFields, useNatalSubmit } from './useNatalForm';
import './natal.css';

export default function NatalForm() {
  const [, navigate] = useLocation();
  const ids = useId();
  const f = useNatalFields();
  const { sending, submit } = useNatalSubmit(f);

  return (
    <Page back={() => navigate('/')} testId="natal-form">
      <header className="screen-head">
        <p className="kicker">Астрология</p>
        <h1 className="title">Натальная карта</h1>
        <p className="hint">
          Укажите дату, время и место рождения — мы рассчитаем положение Солнца, Луны, асцендента и планет в момент вашего рождения.
        </p>
      </header>

      {f.saved && (
        <div className="notice" data-testid="natal-saved">
          <p>Ваши данные сохранены: {f.saved.city}.</p>
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/natal-chart')} data-testid="open-saved-chart">
            Открыть мою карту
          </button>
        </div>
      )}

      <form
        className="natal-form panel"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (f.filled && !sending) void submit();
        }}
      >
        <NatalBirthFields ids={ids} f={f} />

        <NatalPlaceFields ids={ids} f={f} />

        {/* Enter in a field submits the form. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>

      {f.errors.form && <ErrorBlock message={f.errors.form} />}

      <p className="disclaimer center">
        Расчёт носит развлекательный характер. Данные рождения хранятся только для показа вашей карты; удалить их можно кнопкой «Новая
        карта».
      </p>

      <MainAction text="Рассчитать карту" enabled={f.filled} loading={sending} onClick={() => void submit()} testId="natal-submit" />
    </Page>
  );
}
