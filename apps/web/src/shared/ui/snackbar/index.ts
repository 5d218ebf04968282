export { SnackbarProvider } from './snackbar-provider';
export type { SnackbarProviderProps, SnackbarTimers } from './snackbar-provider';
export { useSnackbar } from './use-snackbar';
export type { SnackbarApi } from './snackbar-context';
export {
  SNACKBAR_AUTO_HIDE_MS,
  createSnackbarController,
  initialSnackbarState,
  snackbarReducer,
} from './snackbar-store';
export type {
  ActiveSnackbar,
  SnackbarAction,
  SnackbarCloseReason,
  SnackbarController,
  SnackbarEvent,
  SnackbarId,
  SnackbarOptions,
  SnackbarSeverity,
  SnackbarState,
} from './snackbar-store';
