import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './messages';

export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;

/** A typed formatter: only ids of the English source catalogue compile. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
