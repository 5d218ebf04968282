import type { ReactNode } from 'react';
import type { I18nProviderProps } from '../shared/i18n';
import { A11yProvider } from '../shared/a11y';
import { ServerErrorProvider } from '../shared/api';
import { I18nProvider } from '../shared/i18n';
import { SnackbarProvider } from '../shared/ui';

/** Language, the server-error state, live regions and focus rules, snackbars: in the order they depend on each other. */
export function Providers({ children, i18n }: { children: ReactNode; i18n: I18nProviderProps['initial'] }) {
  return (
    <I18nProvider initial={i18n}>
      <ServerErrorProvider>
        <A11yProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </A11yProvider>
      </ServerErrorProvider>
    </I18nProvider>
  );
}
