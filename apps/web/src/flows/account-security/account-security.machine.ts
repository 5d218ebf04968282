/**
 * The "Sign-in and security" page as an explicit, pure machine (conventions 4 and 5):
 * transition(state, event) → the next state. The page's effects (calls, focus, announcements)
 * run in security-page.tsx with the answers fed back as events
 * (docs/decisions/0114-security-page.md).
 *
 * One screen: the overview, with at most one dialog over it (rename a passkey, confirm its
 * removal, the password when a change asks for it). A removal answered `reauth_required`, or an
 * added passkey the server refuses while the page is still signed in, opens the password dialog;
 * a right password (or one of the account's passkeys) lets the same change through.
 */
import type { SecurityOverviewAnswer, SecurityPasskey } from '@gatehouse/contract';

export type Overview = Required<Omit<SecurityOverviewAnswer, 'status' | 'reasons' | 'detail'>>;

/** What the password is asked for: the removal of this passkey, or a new passkey. */
export type ReauthPurpose = { action: 'remove'; passkey: SecurityPasskey } | { action: 'add' };

export type SecurityDialog =
  | { kind: 'rename'; passkey: SecurityPasskey; invalid: boolean }
  | { kind: 'remove'; passkey: SecurityPasskey }
  /** `wrong`: wrong passwords so far (each is reported once). */
  | { kind: 'reauth'; purpose: ReauthPurpose; wrong: number };

export type SecurityState =
  | { type: 'loading' }
  /** The overview could not be loaded: a message and "Try again". */
  | { type: 'unavailable' }
  | {
      type: 'ready';
      overview: Overview;
      dialog: SecurityDialog | null;
      /** A call is under way: no other starts meanwhile. */
      busy: boolean;
      /** The button whose call is under way (it shows it and keeps focus), when it is not a dialog's. */
      pending: string | null;
      /** Counts failed actions: each is announced once. */
      failures: number;
      /** A link to choose a new password was sent to the account's address from this page. */
      passwordLinkSent: boolean;
    };

export type SecurityEvent =
  | { type: 'overview.loaded'; overview: Overview }
  | { type: 'overview.failed' }
  | { type: 'overview.requested' }
  | { type: 'rename.opened'; passkey: SecurityPasskey }
  | { type: 'rename.invalid' }
  | { type: 'removal.opened'; passkey: SecurityPasskey }
  | { type: 'dialog.closed' }
  | { type: 'action.started'; button?: string }
  /** The action is done; the overview read again after it. */
  | { type: 'action.done'; overview: Overview }
  | { type: 'action.failed' }
  /** The link to choose a new password is on its way. */
  | { type: 'passwordLink.sent' }
  | { type: 'reauth.needed'; purpose: ReauthPurpose }
  | { type: 'reauth.refused' }
  /** Proven again: the dialog closes before the change it was asked for goes on. */
  | { type: 'reauth.passed' };

export const initialSecurityState: SecurityState = { type: 'loading' };

export function transition(state: SecurityState, event: SecurityEvent): SecurityState {
  switch (event.type) {
    case 'overview.loaded':
      return {
        type: 'ready',
        overview: event.overview,
        dialog: null,
        busy: false,
        pending: null,
        failures: state.type === 'ready' ? state.failures : 0,
        passwordLinkSent: state.type === 'ready' && state.passwordLinkSent,
      };
    case 'overview.failed':
      return state.type === 'ready'
        ? { ...state, busy: false, pending: null, failures: state.failures + 1 }
        : { type: 'unavailable' };
    case 'overview.requested':
      return state.type === 'unavailable' ? { type: 'loading' } : state;
    default:
      break;
  }
  if (state.type !== 'ready') return state;
  switch (event.type) {
    case 'rename.opened':
      return state.busy ? state : { ...state, dialog: { kind: 'rename', passkey: event.passkey, invalid: false } };
    case 'rename.invalid':
      return state.dialog?.kind === 'rename' ? { ...state, dialog: { ...state.dialog, invalid: true } } : state;
    case 'removal.opened':
      return state.busy ? state : { ...state, dialog: { kind: 'remove', passkey: event.passkey } };
    case 'dialog.closed':
      return state.busy ? state : { ...state, dialog: null };
    case 'action.started':
      return { ...state, busy: true, pending: event.button ?? null };
    case 'action.done':
      return { ...state, overview: event.overview, dialog: null, busy: false, pending: null };
    case 'action.failed':
      return { ...state, busy: false, pending: null, failures: state.failures + 1 };
    case 'passwordLink.sent':
      return { ...state, busy: false, pending: null, passwordLinkSent: true };
    case 'reauth.needed':
      return { ...state, busy: false, pending: null, dialog: { kind: 'reauth', purpose: event.purpose, wrong: 0 } };
    case 'reauth.refused':
      return state.dialog?.kind === 'reauth'
        ? { ...state, busy: false, pending: null, dialog: { ...state.dialog, wrong: state.dialog.wrong + 1 } }
        : { ...state, busy: false, pending: null };
    case 'reauth.passed':
      return { ...state, busy: false, pending: null, dialog: null };
    default:
      return event satisfies never;
  }
}
