// Tap targets for the browser tests: every control a finger aims at (buttons, links, fields, switches) is at
// least 44×44 CSS px, as Apple's and WCAG's (2.5.5) guidance has it. A link inside a sentence is exempt (WCAG's
// inline exception): it is sized by the line it sits in. The hit area counts: a control's own box, or its
// label's when the label holds it (a checkbox inside its <label>). A disabled control is not counted.
import type { Page } from 'playwright-core';

export const MIN_TAP_PX = 44;

/** The visible controls smaller than 44×44 px, as «tag "text" w×h» lines. */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [role=tab], [tabindex="0"]',
    );
    const small: string[] = [];
    for (const el of controls) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"], .visually-hidden')) continue;
      // A control that cannot be used (the emptied deck) is not aimed at.
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      let rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Inline exception: a link in running text.
      const parent = el.parentElement;
      if (el.tagName === 'A' && style.display === 'inline' && parent && parent.textContent!.trim().length > el.textContent!.trim().length)
        continue;
      const label = el.closest('label');
      if (label) rect = label.getBoundingClientRect();
      // A round control is measured by its box too; half a pixel of rounding is forgiven.
      if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
        const text = (el.textContent || el.getAttribute('aria-label') || el.getAttribute('placeholder') || '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        small.push(
          `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} «${text}» ${Math.round(rect.width)}×${Math.round(rect.height)}`,
        );
      }
    }
    return small;
  }, MIN_TAP_PX);
}
