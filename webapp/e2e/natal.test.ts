// The natal form and chart in a real browser against the real server: the form's validation messages, an
// error clearing on edit, city suggestions in Russian, the computed chart, the data kept on the server,
// 'New chart', 'Birth data not found' and the loading error with Retry.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, startBrowserEnv, type BrowserEnv } from '../../test/browser';
import { settled } from './settled';

describe.runIf(browserAvailable())('natal chart (browser)', () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env?.close());

  const open = async (user: number, to: string) => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=${user}&name=Вера&to=${encodeURIComponent(to)}`);
    await page.getByTestId(to === '/natal-form' ? 'natal-form' : 'natal-chart').waitFor();
    return { page, consoleErrors };
  };
  const submitButton = (page: Page) => page.getByTestId('natal-submit');
  const errorText = (page: Page, field: string) => page.getByTestId(`error-${field}`).textContent({ timeout: 5_000 });

  it('validates each field with the spec messages, clears an error on edit, and shows the computed chart', async () => {
    const { page, consoleErrors } = await open(557_001, '/natal-form');
    expect(await submitButton(page).isDisabled()).toBe(true);

    // Each required field, left empty, says so.
    for (const field of ['date', 'time', 'city']) {
      await page.getByTestId(`natal-${field}`).focus();
      await page.getByTestId(`natal-${field}`).blur();
    }
    expect(await errorText(page, 'date')).toBe('Укажите дату рождения');
    expect(await errorText(page, 'time')).toBe('Укажите время рождения');
    expect(await errorText(page, 'city')).toBe('Укажите место рождения');
    await settled(page);
    await env.screenshot(page, 'natal-form-required');

    // A future date is refused once all three are filled; editing the date clears its error.
    await page.getByTestId('natal-date').fill('01.01.2099');
    expect(await page.getByTestId('error-date').count()).toBe(0);
    await page.getByTestId('natal-time').fill('12:30');
    expect(await page.getByTestId('error-time').count()).toBe(0);
    expect(await submitButton(page).isDisabled()).toBe(true);

    // Suggestions in Russian as you type.
    await page.getByTestId('natal-city').fill('моск');
    await page.getByTestId('city-option').first().waitFor();
    expect(await page.getByTestId('city-option').first().textContent()).toContain('Москва');
    expect(await page.getByTestId('error-city').count()).toBe(0);
    await page.getByTestId('city-option').first().click();
    expect(await page.getByTestId('natal-city').inputValue()).toBe('Москва, Россия');
    expect(await submitButton(page).isDisabled()).toBe(false);

    await submitButton(page).click();
    expect(await errorText(page, 'date')).toBe('Дата рождения не может быть позже сегодняшнего дня');
    await page.getByTestId('natal-date').fill('15.05.1990');
    expect(await page.getByTestId('error-date').count()).toBe(0);

    await submitButton(page).click();
    await page.waitForURL(/\/natal-chart$/);
    await expect.poll(() => page.getByTestId('sun-sign').textContent()).toBe('Телец');
    expect(await page.getByTestId('rising-sign').textContent()).toBe('Лев');
    expect(await page.getByTestId('birth-data').textContent()).toContain('15.05.1990, 12:30');
    expect(await page.getByTestId('birth-data').textContent()).toContain('Москва, Россия');
    // The zone as its city and offset in Russian (Moscow was UTC+4 in 1990's summer), not an IANA id.
    expect(await page.getByTestId('birth-data').textContent()).toContain('Время: Москва, UTC+04:00');
    expect(await page.getByTestId('birth-data').textContent()).not.toContain('Europe/');
    const sunRow = await page.getByTestId('planet-sun').textContent();
    expect(sunRow).toMatch(/Солнце.*Телец.*2[34]°\d\d′.*Земля/);
    for (const key of ['moon', 'mercury', 'venus', 'mars', 'ascendant']) expect(await page.getByTestId(`planet-${key}`).count()).toBe(1);
    expect(await page.getByTestId('natal-card').count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByTestId('natal-card').first().textContent()).toContain('Солнце в Тельце');
    // Every row on one line («♑ Козерог» wrapped) and the table within its panel at 390 px.
    const layout = await page.getByTestId('planets').evaluate((table) => ({
      rowHeights: [...table.querySelectorAll('tbody tr')].map((tr) => Math.round(tr.getBoundingClientRect().height)),
      overflow:
        table.getBoundingClientRect().right -
        (table.parentElement!.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(table.parentElement!).paddingRight)),
    }));
    expect(new Set(layout.rowHeights).size, String(layout.rowHeights)).toBe(1);
    expect(layout.overflow).toBeLessThanOrEqual(0);
    await settled(page);
    await env.screenshot(page, 'natal-chart');

    // Kept on the server: a new page (no browser storage carried over) shows the same chart.
    const again = await open(557_001, '/natal-chart');
    await expect.poll(() => again.page.getByTestId('sun-sign').textContent()).toBe('Телец');
    // The form comes back filled in with a way to the saved chart.
    await again.page.goto(`${env.baseUrl}/natal-form`);
    await again.page.getByTestId('natal-saved').waitFor();
    expect(await again.page.getByTestId('natal-date').inputValue()).toBe('15.05.1990');
    expect(await again.page.getByTestId('natal-time').inputValue()).toBe('12:30');
    expect(await again.page.getByTestId('natal-city').inputValue()).toBe('Москва, Россия');
    expect(consoleErrors).toEqual([]);
  });

  it('«Время рождения неизвестно»: the time field steps aside, and the chart comes without an ascendant and says why', async () => {
    const { page, consoleErrors } = await open(557_009, '/natal-form');
    await page.getByTestId('natal-date').fill('15.05.1990');
    await page.getByTestId('natal-time-unknown').check();
    expect(await page.getByTestId('natal-time').isDisabled()).toBe(true);
    await page.getByTestId('natal-city').fill('Москва');
    await page.getByTestId('city-option').first().waitFor();
    await page.getByTestId('city-option').first().click();
    await submitButton(page).click();
    await page.waitForURL(/\/natal-chart$/);
    await page.getByTestId('natal-time-note').waitFor();
    expect(await page.getByTestId('natal-time-note').textContent()).toContain('асцендент и дома не рассчитаны');
    expect(await page.getByTestId('birth-data').textContent()).toContain('время неизвестно');
    expect(await page.getByTestId('sun-sign').textContent()).toBe('Телец');
    expect(await page.getByTestId('rising-sign').count()).toBe(0);
    expect(await page.getByTestId('planet-ascendant').count()).toBe(0);
    expect(await page.getByTestId('natal-card').allTextContents()).not.toContainEqual(expect.stringContaining('Асцендент'));
    // The form comes back with the box still ticked.
    await page.goto(`${env.baseUrl}/natal-form`);
    await page.getByTestId('natal-form').waitFor();
    await vi.waitFor(async () => expect(await page.getByTestId('natal-time-unknown').isChecked()).toBe(true), { timeout: 10_000 });
    expect(consoleErrors).toEqual([]);
  });

  it('«Новая карта» clears the saved data and returns to an empty form; the chart then says the data is not found', async () => {
    const { page, consoleErrors } = await open(557_002, '/natal-form');
    await page.getByTestId('natal-date').fill('03.11.1985');
    await page.getByTestId('natal-time').fill('07:05');
    // ё and е are alike.
    await page.getByTestId('natal-city').fill('орел');
    await page.getByTestId('city-option').first().waitFor();
    expect(await page.getByTestId('city-option').first().textContent()).toContain('Орёл');
    await page.getByTestId('city-option').first().click();
    await submitButton(page).click();
    await page.waitForURL(/\/natal-chart$/);
    await page.getByTestId('new-chart').click();
    await page.waitForURL(/\/natal-form$/);
    expect(await page.getByTestId('natal-date').inputValue()).toBe('');
    expect(await page.getByTestId('natal-city').inputValue()).toBe('');
    expect(await page.getByTestId('natal-saved').count()).toBe(0);

    await page.goto(`${env.baseUrl}/natal-chart`);
    await page.getByTestId('natal-missing').waitFor();
    expect(await page.getByTestId('natal-missing').textContent()).toContain('Данные рождения не найдены');
    await page.getByTestId('to-natal-form').click();
    await page.waitForURL(/\/natal-form$/);
    // The browser logs the expected 404 of GET /api/natal/chart; nothing else.
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('names an unknown city from the server under the city field, and takes coordinates instead', async () => {
    const { page } = await open(557_003, '/natal-form');
    await page.getByTestId('natal-date').fill('10.02.1979');
    await page.getByTestId('natal-time').fill('23:45');
    await page.getByTestId('natal-city').fill('Абырвалг');
    await page.getByTestId('city-not-found').waitFor();
    await submitButton(page).click();
    expect(await errorText(page, 'city')).toMatch(/^Город «Абырвалг» не найден/);
    await page.getByTestId('natal-city').fill('Абырвалгово');
    expect(await page.getByTestId('error-city').count()).toBe(0);

    await page.getByTestId('toggle-coordinates').click();
    await page.getByTestId('natal-latitude').fill('55,75');
    await page.getByTestId('natal-longitude').fill('37.62');
    await page.getByTestId('natal-timezone').selectOption('Europe/Moscow');
    await submitButton(page).click();
    await page.waitForURL(/\/natal-chart$/);
    await expect.poll(() => page.getByTestId('birth-data').textContent()).toContain('Абырвалгово');
    expect(await page.getByTestId('sun-sign').textContent()).toBe('Водолей');
  });

  it('shows the loading error with Retry', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.goto(`${env.baseUrl}/dev/launch?user=557004&name=Вера&to=${encodeURIComponent('/natal-form')}`);
    await page.getByTestId('natal-form').waitFor();
    await page.getByTestId('natal-date').fill('01.01.2000');
    await page.getByTestId('natal-time').fill('00:00');
    await page.getByTestId('natal-city').fill('Казань');
    await submitButton(page).click();
    await page.waitForURL(/\/natal-chart$/);
    await page.getByTestId('sun-sign').waitFor();

    let fail = true;
    await page.route('**/api/natal/chart', (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"Сервис временно недоступен"}' })
        : route.continue(),
    );
    await page.reload();
    await page.getByTestId('error-block').waitFor();
    expect(await page.getByTestId('error-block').textContent()).toContain('Произошла ошибка при загрузке данных');
    await settled(page);
    await env.screenshot(page, 'natal-chart-error');
    fail = false;
    await page.getByTestId('retry').click();
    await expect.poll(() => page.getByTestId('sun-sign').textContent()).toBe('Козерог');
    // The deliberate 503 is the only console error.
    expect(consoleErrors.filter((e) => !/503/.test(e))).toEqual([]);
  });
});
