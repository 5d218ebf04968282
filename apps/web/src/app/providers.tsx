import type { ReactNode } from 'react';
import { ServerErrorProvider } from '../shared/api';
import { I18nProvider } from '../shared/i18n';
import { SnackbarProvider } from '../shared/ui';

/** Language, snackbars and the server-error state, in the order they depend on each other. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <ServerErrorProvider>
        <SnackbarProvider>{children}</SnackbarProvider>
      </ServerErrorProvider>
    </I18nProvider>
  );
}
