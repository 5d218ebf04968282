import { useContext } from 'react';
import type { Context } from 'react';

/**
 * The value of a context that has no default: its provider must be above the component. Called
 * outside it, a programming error, names the hook that was called.
 */
export function useProvided<T>(context: Context<T | null>, hook: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`${hook} was called outside its provider`);
  return value;
}
