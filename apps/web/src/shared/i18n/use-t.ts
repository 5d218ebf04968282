import type { MessageId } from './messages';
import { useFormatter } from './formatter';
import type { MessageValues } from './formatter';

export type { MessageValues } from './formatter';

/**
 * A typed formatter: only ids of the English source catalogue compile. The same function while the
 * catalogue is the same, so effects may depend on it.
 */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  return useFormatter().format;
}
