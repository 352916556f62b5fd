import { Redirect, Route, Switch } from 'wouter';
import { Home } from './pages/Home';

export function App() {
  return (
    <Switch>
      <Route path="/" component={Home} />
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
