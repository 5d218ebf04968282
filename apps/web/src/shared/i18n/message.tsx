import type { MessageId } from './messages';
import { useFormatter } from './formatter';
import type { RichMessageValues } from './formatter';

/**
 * A message with tags, e.g. `<contact>…</contact>`: each tag's function in `values` renders its
 * chunks (a link); or with an element as a value (`<Address>`). Plain messages read better as
 * `t(id)` (useT).
 */
export function Message({ id, values }: { id: MessageId; values: RichMessageValues }) {
  return useFormatter().formatRich(id, values);
}
