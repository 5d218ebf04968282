import { PIN_STEP_COOKIE } from '@gatehouse/contract';
import type { PinStep, PinVariant } from './sign-in.machine';

/**
 * What the sign-in keeps in session storage (this tab only, gone when it closes):
 * - the PIN step: the e-mail and the form variant, so a reload during the step shows the same
 *   form; removed when the step ends. A browser-session cookie says the same to the server, so that a
 *   page it renders starts at the step too (docs/decisions/0117-server-rendered-first-view.md);
 * - the "shared or public computer" choice, so that the PIN step after a reload still knows it,
 *   and the next sign-in in this tab starts with it (docs/decisions/0116-shared-computer.md).
 */
export const PIN_STEP_STORAGE_KEY = 'gatehouse.signIn.pinEmail';

const PIN_VARIANTS: readonly PinVariant[] = ['signIn', 'recheckOptional', 'recheckMandatory'];
const STORED_EMAIL_MAX_LENGTH = 600;

/**
 * The stored step when it has that shape (an e-mail of 1 to 600 characters and a known variant), with
 * nothing else; null otherwise. Checked by hand: the first view reads it, and zod is not in the first
 * view (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
 */
function toPinStep(value: unknown): PinStep | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { email, variant } = value as Record<string, unknown>;
  if (typeof email !== 'string' || email.length < 1 || email.length > STORED_EMAIL_MAX_LENGTH) return null;
  const known = PIN_VARIANTS.find((one) => one === variant);
  return known === undefined ? null : { email, variant: known };
}

/** Storage may be missing or refuse access (private modes, policies): then the step is simply not kept. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readPinStep(): PinStep | null {
  try {
    const raw = storage()?.getItem(PIN_STEP_STORAGE_KEY);
    if (raw === null || raw === undefined) return null;
    return toPinStep(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The cookie the server reads: only that a tab is at the PIN step (the e-mail comes from the session). */
function markPinStep(on: boolean): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${PIN_STEP_COOKIE}=${on ? '1' : ''}; Path=/signin; SameSite=Strict${secure}${on ? '' : '; Max-Age=0'}`;
  } catch {
    // No document (tests without one) or cookies refused: a reload then starts the sign-in again.
  }
}

export function savePinStep(step: PinStep): void {
  markPinStep(true);
  try {
    storage()?.setItem(PIN_STEP_STORAGE_KEY, JSON.stringify(step));
  } catch {
    // Full or refused storage: a reload then starts the sign-in again.
  }
}

export function clearPinStep(): void {
  markPinStep(false);
  try {
    storage()?.removeItem(PIN_STEP_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

export const SHARED_COMPUTER_STORAGE_KEY = 'gatehouse.signIn.sharedComputer';

/** The choice when storage refuses it: it then holds until the page is left. */
let unstored = false;
const listeners = new Set<() => void>();

export function readSharedComputer(): boolean {
  try {
    const store = storage();
    return store ? store.getItem(SHARED_COMPUTER_STORAGE_KEY) === '1' : unstored;
  } catch {
    return unstored;
  }
}

export function saveSharedComputer(shared: boolean): void {
  unstored = shared;
  try {
    if (shared) storage()?.setItem(SHARED_COMPUTER_STORAGE_KEY, '1');
    else storage()?.removeItem(SHARED_COMPUTER_STORAGE_KEY);
  } catch {
    // Refused storage: `unstored` keeps the choice.
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: a server-rendered page shows the box unticked, then this tab's choice. */
export function subscribeSharedComputer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
