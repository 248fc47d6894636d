import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { useThemeStore } from './lib/theme-store';
import { AppRoutes } from './router';
import { ErrorBoundary } from './shell/error-page';
import './index.css';

// Reading the store applies the persisted theme (or the dark default) before the first render.
useThemeStore.getState();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>,
);
