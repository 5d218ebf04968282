import { useContext } from 'react';
import { SnackbarContext } from './snackbar-context';
import type { SnackbarApi } from './snackbar-context';

/** `{ show, hide }` of the nearest SnackbarProvider. Both functions are stable. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
