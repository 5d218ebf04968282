import { useCallback } from 'react';
import { useSnackbar } from '../ui';
import { useT } from '../i18n/use-t';
import { globalReaction, waitInUnits } from './global-failure';
import { useServerError } from './server-error';
import { retryBotCheck } from '../bot-check';

export const NETWORK_SNACKBAR_ID = 'network-problem';
export const WAIT_SNACKBAR_ID = 'too-many-requests';
export const BUSY_SNACKBAR_ID = 'service-busy';
export const BOT_CHECK_SNACKBAR_ID = 'bot-check-unavailable';

export interface GlobalFailureDeps {
  reload: () => void;
}

/**
 * The global HTTP handler as a function of any failure. Flows call it after
 * their own reactions (e.g. the login's server-error notice on no answer).
 */
export function useGlobalFailureHandler({ reload }: GlobalFailureDeps): (error: unknown) => void {
  const { show } = useSnackbar();
  const t = useT();
  const { enterServerError } = useServerError();

  return useCallback(
    (error: unknown) => {
      const reaction = globalReaction(error);
      switch (reaction.type) {
        case 'networkSnackbar':
          show({
            id: NETWORK_SNACKBAR_ID,
            message: t('app.snackbar.network'),
            severity: 'error',
            action: { label: t('app.action.reload'), onClick: reload },
          });
          return;
        case 'waitSnackbar': {
          const wait = waitInUnits(reaction.waitS);
          show({
            id: WAIT_SNACKBAR_ID,
            severity: 'error',
            message:
              wait.unit === 'seconds'
                ? t('app.snackbar.tooManyRequests.seconds', { seconds: wait.seconds })
                : t('app.snackbar.tooManyRequests.minutes', { minutes: wait.minutes }),
          });
          return;
        }
        case 'busySnackbar':
          show({ id: BUSY_SNACKBAR_ID, severity: 'error', message: t('app.snackbar.serviceBusy') });
          return;
        case 'botCheckSnackbar':
          show({
            id: BOT_CHECK_SNACKBAR_ID,
            severity: 'error',
            message: t('app.snackbar.botCheckUnavailable'),
            action: { label: t('app.action.retryBotCheck'), onClick: retryBotCheck },
          });
          return;
        case 'reload':
          reload();
          return;
        case 'serverError':
          enterServerError();
          return;
        default:
          reaction satisfies never;
      }
    },
    [show, t, enterServerError, reload],
  );
}
