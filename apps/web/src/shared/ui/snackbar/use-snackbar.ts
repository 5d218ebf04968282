import { SnackbarContext } from './snackbar-context';
import type { SnackbarApi } from './snackbar-context';
import { useProvided } from '../../context/use-provided';

/** `{ show, hide }` of the nearest SnackbarProvider. Both functions are stable. */
export function useSnackbar(): SnackbarApi {
  return useProvided(SnackbarContext, 'useSnackbar');
}
