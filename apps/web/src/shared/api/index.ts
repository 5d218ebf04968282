export { call, loadApiModule, preloadApiLayer } from './api-layer';
export type { CallInput } from './call';
export { ApiFailure, isApiFailure, parseRetryAfter } from './api-failure';
export type { ApiFailureKind } from './api-failure';
export { globalReaction, isServiceUnavailable, waitInUnits, DEFAULT_RETRY_AFTER_S } from './global-failure';
export type { GlobalReaction } from './global-failure';
export { ServerErrorProvider, useServerError } from './server-error';
export {
  useGlobalFailureHandler,
  NETWORK_SNACKBAR_ID,
  WAIT_SNACKBAR_ID,
  BOT_CHECK_SNACKBAR_ID,
} from './use-global-failure-handler';
export { reloadPage } from './page-reload';
