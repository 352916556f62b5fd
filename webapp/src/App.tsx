// The Mini App's routes (domain/app/routes.ts). Home is in the first chunk;
// every other screen is a lazy chunk. Any unknown path lands on home.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import Home from './home/Home';
import { CardZoomHost } from './components/CardZoom';
import { LoadingScreen } from './components/LoadingScreen';
import { readLaunchParams } from './telegram/launch';
import { AUTH_LINK_PATH, type AppRoute } from '../../domain/app/routes';
import { resolveSignIn, type SignInState } from './auth/auth-api';

const SpreadMenu = lazy(() => import('./reading/SpreadMenu'));
const Question = lazy(() => import('./reading/Question'));
const Cards = lazy(() => import('./reading/Cards'));
const Interpretation = lazy(() => import('./reading/Interpretation'));
const OwnDeck = lazy(() => import('./owndeck/OwnDeck'));
const DailyCard = lazy(() => import('./daily/DailyCard'));
const History = lazy(() => import('./history/History'));
const HistoryReading = lazy(() => import('./history/HistoryReading'));
// The natal and paid screens.
const NatalForm = lazy(() => import('./natal/NatalForm'));
const NatalChart = lazy(() => import('./natal/NatalChart'));
const Services = lazy(() => import('./payments/Services'));
const Terms = lazy(() => import('./legal/Terms'));
const Contacts = lazy(() => import('./legal/Contacts'));
const Subscription = lazy(() => import('./payments/Subscription'));
const InteractiveDailyCard = lazy(() => import('./daily/InteractiveDailyCard'));
const MicroResult = lazy(() => import('./payments/MicroResult'));
const Settings = lazy(() => import('./settings/Settings'));
const OutsideTelegram = lazy(() => import('./shell/OutsideTelegram'));
const AuthLink = lazy(() => import('./shell/AuthLink'));
// The journal.
const Journal = lazy(() => import('./journal/Journal'));
// The card library and the daily lesson.
const Library = lazy(() => import('./library/Library'));
const LibraryCard = lazy(() => import('./library/LibraryCard'));
const Lesson = lazy(() => import('./library/Lesson'));
const Pairs = lazy(() => import('./pairs/Pairs'));
const People = lazy(() => import('./people/People'));
const MySpreads = lazy(() => import('./spreads/MySpreads'));
const CustomDeal = lazy(() => import('./spreads/CustomDeal'));
const PairScreen = lazy(() => import('./pairs/PairScreen'));
const Invite = lazy(() => import('./invite/Invite'));
// The owner's dashboard: its own chunk; the API decides who sees anything.
const Admin = lazy(() => import('./admin/Admin'));
// «Итоги месяца» (`/report/<month>`, where its push opens).
const MonthlyReport = lazy(() => import('./report/MonthlyReport'));

/**
 * A screen for each route the server serves (APP_ROUTES in domain/app/routes.ts, the one list): a route without a
 * screen here, or a screen the server does not know, fails the type check.
 */
const SCREENS: Record<Exclude<AppRoute, '/'>, ComponentType> = {
  '/spread-menu': SpreadMenu,
  '/question': Question,
  '/cards': Cards,
  '/interpretation': Interpretation,
  '/daily-card': DailyCard,
  '/history': History,
  '/natal-form': NatalForm,
  '/natal-chart': NatalChart,
  '/services': Services,
  '/terms': Terms,
  '/contacts': Contacts,
  '/subscription': Subscription,
  '/interactive-daily-card': InteractiveDailyCard,
  '/micro-result': MicroResult,
  '/settings': Settings,
  '/journal': Journal,
  '/library': Library,
  '/lesson': Lesson,
  '/own-deck': OwnDeck,
  '/pairs': Pairs,
  '/people': People,
  '/my-spreads': MySpreads,
  '/my-spread-deal': CustomDeal,
  '/invite': Invite,
  '/admin': Admin,
};

// A reading opened from history (`/history/<id>`), a pair (`/pairs/<id>`) and a card of the library (`/library/<id>`), as isAppRoute accepts them.
const ROUTES: [string, ComponentType][] = [
  ...Object.entries(SCREENS),
  ['/history/:id', HistoryReading],
  ['/pairs/:id', PairScreen],
  ['/library/:id', LibraryCard],
  ['/report/:month', MonthlyReport],
];

/** Opened from a pair invitation (`startapp=pair_<token>`): the consent screen first, once. */
let pairInviteShown = false;
function pairInviteStart(location: string): boolean {
  if (pairInviteShown || location !== '/' || !readLaunchParams().startParam?.startsWith('pair_')) return false;
  pairInviteShown = true;
  return true;
}

function ScreenLoading() {
  const [location] = useLocation();
  // After «Получить ответ» the answer's loading view shows at once, never a bare spinner before it.
  if (location === '/interpretation')
    return (
      <main className="page" aria-busy="true">
        <h1 className="title">Толкование расклада</h1>
        <LoadingScreen />
      </main>
    );
  return (
    <main className="page center" aria-busy="true">
      <span className="spinner spinner-lg" role="status" aria-label="Загрузка…" />
    </main>
  );
}

/** Inside Telegram initData signs in at once; otherwise a URL token or the browser session's cookie. */
let signIn: Promise<SignInState> | null = null;
function useSignIn(needed: boolean): SignInState | null {
  const [state, setState] = useState<SignInState | null>(() => (readLaunchParams().initData ? 'ready' : null));
  useEffect(() => {
    if (state || !needed) return;
    void (signIn ??= resolveSignIn()).then(setState);
  }, [state, needed]);
  return state;
}

export function App() {
  const [location] = useLocation();
  // A new screen starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  const linkPage = AUTH_LINK_PATH.test(location);
  const signedIn = useSignIn(!linkPage);
  if (linkPage)
    return (
      <Suspense fallback={<ScreenLoading />}>
        <AuthLink />
      </Suspense>
    );
  if (!signedIn) return <ScreenLoading />;
  // Nobody signed in: the sign-in page instead of screens that cannot know the user.
  if (signedIn !== 'ready')
    return (
      <Suspense fallback={<ScreenLoading />}>
        <OutsideTelegram refused={signedIn === 'refused'} />
      </Suspense>
    );
  if (pairInviteStart(location)) return <Redirect to="/pairs" replace />;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Switch>
        <Route path="/" component={Home} />
        {ROUTES.map(([path, component]) => (
          <Route key={path} path={path} component={component} />
        ))}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
      <CardZoomHost />
    </Suspense>
  );
}
