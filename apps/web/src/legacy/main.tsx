import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/ui/theme.css';
import '../app/global.css';
import { Providers } from '../app/providers';
import { LegacyPage } from './legacy-page';
import { FALLBACK_LOCALE, MessageAreaGate, loadFallbackMessages } from '../shared/i18n';

const root = document.getElementById('root');
if (root) {
  // The fallback language's catalogue first (the page then applies the user's).
  void loadFallbackMessages().then((messages) =>
    createRoot(root).render(
      <StrictMode>
        <Providers i18n={{ locale: FALLBACK_LOCALE, messages, areas: [] }}>
          <MessageAreaGate area="legacy" fallback={null}>
            <LegacyPage />
          </MessageAreaGate>
        </Providers>
      </StrictMode>,
    ),
  );
}
