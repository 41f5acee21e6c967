// Global styles first: tokens, base, then the shared patterns pages use as
// bare class names. Components and features import their own styles.
import './styles/tokens.css';
import './styles/base.css';
import './styles/buttons.css';
import './styles/forms.css';
import './styles/cards.css';
import './styles/alerts.css';
import './styles/details.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';

// Links from the hash-router days (`/#/apps`) open the same page at its real path.
if (window.location.hash.startsWith('#/')) {
  window.history.replaceState(null, '', window.location.hash.slice(1));
}

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
