import { createContext } from 'react';
import type { SnackbarId, SnackbarOptions } from './snackbar-store';

export interface SnackbarApi {
  /** Shows a snackbar, replacing the active one. Returns its id (generated if not given). */
  show: (options: SnackbarOptions) => SnackbarId;
  /** Hides the snackbar only if `id` is still the active one. */
  hide: (id: SnackbarId) => void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);
