// Local mode only: /dev/launch signs initData for a test user exactly as Telegram does and opens the Mini
// App with it in the URL hash, so the app can be used in any browser.
import { Hono } from 'hono';
import * as z from 'zod';
import { isAppRoute } from '../../domain/app/routes';
import type { Services } from '../../services';
import type { IdentityVerifier } from '../../services/identity';
import { validate } from '../http';
import { tier } from '../schemas';

/** Telegram's own light and dark theme parameters, as its clients send them (the launch, `theme_changed`). */
export const TELEGRAM_THEMES = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    header_bg_color: '#ffffff',
    accent_text_color: '#2481cc',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d72',
    subtitle_text_color: '#999999',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#181818',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#8774e1',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
  },
};

const launchQuery = z.object({
  user: z
    .string()
    .regex(/^\d{1,15}$/, 'ожидается числовой id')
    .transform(Number)
    .default(100000001),
  name: z.string().trim().min(1).max(64).default('Анна'),
  username: z
    .string()
    .regex(/^\w{1,32}$/)
    .optional(),
  plan: tier.optional(),
  startapp: z.string().max(512).optional(),
  to: z.string().max(200).refine(isAppRoute, 'неизвестный экран').default('/'),
  theme: z.enum(['light', 'dark']).default('light'),
  /** The Telegram client's Mini Apps version (tgWebAppVersion), for features that depend on it. */
  version: z
    .string()
    .regex(/^\d{1,2}\.\d{1,2}$/)
    .default('8.0'),
});

/**
 * Telegram opens a Mini App at its URL with the launch data in the hash: one document. A browser asking
 * /dev/launch for a page gets the app itself, its address set to the screen and hash before the app's
 * scripts run, rather than a redirect (a round trip Telegram does not make); other clients get the 302.
 */
function launchPage(html: string, location: string): string {
  const script = `<script>history.replaceState(null, '', ${JSON.stringify(location).replace(/</g, '\\u003c')});</script>`;
  // First in the document: before any of the app's scripts.
  return html.includes('<head>') ? html.replace('<head>', `<head>\n    ${script}`) : script + html;
}

const widgetQuery = z.object({
  user: z
    .string()
    .regex(/^\d{1,15}$/, 'ожидается числовой id')
    .transform(Number)
    .default(100000001),
  name: z.string().trim().min(1).max(64).default('Анна'),
  username: z
    .string()
    .regex(/^\w{1,32}$/)
    .optional(),
});

export const devRoutes = (s: Services, identity: IdentityVerifier, indexHtml?: () => string | null) =>
  new Hono()
    // The Login Widget's local stand-in: the fields Telegram's widget would give, signed as Telegram signs them.
    .get('/login-widget', validate('query', widgetQuery), (c) => {
      const q = c.req.valid('query');
      return c.json(identity.signLoginWidget({ id: q.user, first_name: q.name, username: q.username ?? null }));
    })
    .get('/launch', validate('query', launchQuery), async (c) => {
      const q = c.req.valid('query');
      const profile = { id: q.user, first_name: q.name, username: q.username ?? null, language_code: 'ru' };
      await s.users.touchProfile(profile, q.startapp ?? null);
      if (q.plan && q.plan !== 'free') await s.users.activateMockPlan(q.user, q.plan);
      const initData = identity.signInitData(profile, { startParam: q.startapp });
      const hash = new URLSearchParams({
        tgWebAppData: initData,
        tgWebAppVersion: q.version,
        tgWebAppPlatform: 'web',
        tgWebAppThemeParams: JSON.stringify(TELEGRAM_THEMES[q.theme]),
        ...(q.startapp ? { tgWebAppStartParam: q.startapp } : {}),
      });
      const location = `${q.to}#${hash.toString()}`;
      const html = c.req.header('accept')?.includes('text/html') ? indexHtml?.() : null;
      if (!html) return c.redirect(location, 302);
      c.header('Cache-Control', 'no-store');
      return c.html(launchPage(html, location));
    });
