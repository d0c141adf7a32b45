import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserApp } from './app/browser-app';
import './styles/global.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserApp />
  </StrictMode>
);

// Prerendered pages arrive with their HTML and are hydrated; other addresses start from the empty shell.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
