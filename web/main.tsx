import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { reloadSessionUser } from './features/auth/current-user.ts';
import { initI18n } from './lib/i18n.ts';
import { router } from './router.tsx';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// Texts load first, so the first paint is already in the visitor's language.
void initI18n().then(() => {
  void reloadSessionUser();
  createRoot(rootElement).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
