import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/ui/theme.css';
import '../app/global.css';
import { Providers } from '../app/providers';
import { LegacyPage } from './legacy-page';
import { MessageAreaGate } from '../shared/i18n';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <MessageAreaGate area="legacy" fallback={null}>
          <LegacyPage />
        </MessageAreaGate>
      </Providers>
    </StrictMode>,
  );
}
