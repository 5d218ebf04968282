import { createContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useProvided } from '../context/use-provided';

interface ServerErrorValue {
  /** True once the app is in the server-error state: the whole app shows the internal error page. */
  failed: boolean;
  enterServerError: () => void;
}

const ServerErrorContext = createContext<ServerErrorValue | null>(null);

export function ServerErrorProvider({
  children,
  initiallyFailed = false,
}: {
  children: ReactNode;
  initiallyFailed?: boolean;
}) {
  const [failed, setFailed] = useState(initiallyFailed);
  const value = useMemo(() => ({ failed, enterServerError: () => setFailed(true) }), [failed]);
  return <ServerErrorContext.Provider value={value}>{children}</ServerErrorContext.Provider>;
}

export function useServerError(): ServerErrorValue {
  return useProvided(ServerErrorContext, 'useServerError');
}
