import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, readLaunchParams } from './telegram/launch';
import { App } from './App';
import './styles.css';

// Launch parameters first: the router must not see (or wipe) the hash before they are kept.
const launch = readLaunchParams();
applyTheme(launch.themeParams);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
