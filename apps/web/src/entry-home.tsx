import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { HomeApp, type LeaveHome } from './app/home-app';
import './styles/global.css';

// The home page's own entry (decision 110): it hydrates the prerendered home page without React
// Router, and loads the full app only when the visitor goes elsewhere in the site.
const container = document.getElementById('root')!;
let root: Root;

const leaveHome: LeaveHome = (target) => {
  import('./app/browser-app').then(
    ({ BrowserApp }) =>
      root.render(
        <StrictMode>
          <BrowserApp then={target} />
        </StrictMode>,
      ),
    // Without the app's code (a failed request), the browser loads the page itself.
    () => (target ? window.location.assign(target.to) : window.location.reload()),
  );
};

const home = (
  <StrictMode>
    <HomeApp pathname={window.location.pathname} onLeaveHome={leaveHome} />
  </StrictMode>
);
if (container.firstElementChild) root = hydrateRoot(container, home);
else {
  root = createRoot(container);
  root.render(home);
}
