import { describe, expect, it } from 'vitest';
import type { SecurityPasskey } from '@gatehouse/contract';
import {
  initialSecurityState,
  transition,
  type Overview,
  type SecurityEvent,
  type SecurityState,
} from './account-security.machine';

const passkey: SecurityPasskey = { id: 'k1', name: null, synced: true, createdAt: 1, lastUsedAt: null };
const overview: Overview = {
  passkeys: [passkey],
  devices: [],
  sessions: [],
  signIns: [],
  reauthRequired: false,
  canAddPasskey: true,
};
const run = (events: SecurityEvent[], from: SecurityState = initialSecurityState) => events.reduce(transition, from);
/** The page with its overview shown. */
const loaded = run([{ type: 'overview.loaded', overview }]);

describe('the security page machine', () => {
  it('shows the overview once loaded, and a failed first load as unavailable until asked again', () => {
    expect(run([{ type: 'overview.loaded', overview }])).toEqual({
      type: 'ready',
      overview,
      dialog: null,
      busy: false,
      pending: null,
      failures: 0,
      passwordLinkSent: false,
    });
    expect(run([{ type: 'overview.failed' }])).toEqual({ type: 'unavailable' });
    expect(run([{ type: 'overview.failed' }, { type: 'overview.requested' }])).toEqual({ type: 'loading' });
  });

  it('asks for the password when a confirmed removal needs it, counts wrong passwords, and closes after the removal', () => {
    const asked = run(
      [
        { type: 'removal.opened', passkey },
        { type: 'action.started' },
        { type: 'reauth.needed', purpose: { action: 'remove', passkey } },
      ],
      loaded,
    );
    expect(asked).toMatchObject({
      busy: false,
      dialog: { kind: 'reauth', purpose: { action: 'remove', passkey }, wrong: 0 },
    });
    const wrong = run([{ type: 'action.started' }, { type: 'reauth.refused' }], asked);
    expect(wrong).toMatchObject({ busy: false, dialog: { kind: 'reauth', wrong: 1 } });
    const done = run(
      [{ type: 'action.started' }, { type: 'action.done', overview: { ...overview, passkeys: [] } }],
      wrong,
    );
    expect(done).toMatchObject({ dialog: null, busy: false, overview: { passkeys: [] } });
  });

  it('asks for the password for a new passkey from the list button, and closes the dialog once it is proven', () => {
    const adding = run([{ type: 'action.started', button: 'passkeys:add' }], loaded);
    expect(adding).toMatchObject({ busy: true, pending: 'passkeys:add', dialog: null });
    const asked = run([{ type: 'reauth.needed', purpose: { action: 'add' } }], adding);
    expect(asked).toMatchObject({ busy: false, pending: null, dialog: { kind: 'reauth', purpose: { action: 'add' } } });
    const wrong = run([{ type: 'action.started' }, { type: 'reauth.refused' }], asked);
    expect(wrong).toMatchObject({ busy: false, dialog: { kind: 'reauth', purpose: { action: 'add' }, wrong: 1 } });
    expect(run([{ type: 'action.started' }, { type: 'reauth.passed' }], wrong)).toMatchObject({
      busy: false,
      pending: null,
      dialog: null,
    });
  });

  it('keeps a dialog open while its call runs, and counts failures for the page to announce', () => {
    const busy = run(
      [{ type: 'rename.opened', passkey }, { type: 'action.started' }, { type: 'dialog.closed' }],
      loaded,
    );
    expect(busy).toMatchObject({ busy: true, dialog: { kind: 'rename' } });
    expect(run([{ type: 'action.failed' }], busy)).toMatchObject({
      busy: false,
      failures: 1,
      dialog: { kind: 'rename' },
    });
    expect(run([{ type: 'rename.invalid' }], busy)).toMatchObject({ dialog: { kind: 'rename', invalid: true } });
    // A list button's call names its button, which shows it; the answer frees it.
    const revoking = run([{ type: 'action.started', button: 'device:d1' }], loaded);
    expect(revoking).toMatchObject({ busy: true, pending: 'device:d1' });
    expect(run([{ type: 'action.done', overview }], revoking)).toMatchObject({ busy: false, pending: null });
  });

  it('remembers that the password link was sent, through later changes and a reload of the overview', () => {
    const sending = run([{ type: 'action.started', button: 'password:link' }], loaded);
    expect(sending).toMatchObject({ busy: true, pending: 'password:link', passwordLinkSent: false });
    const sent = run([{ type: 'passwordLink.sent' }], sending);
    expect(sent).toMatchObject({ busy: false, pending: null, passwordLinkSent: true });
    expect(run([{ type: 'action.started' }, { type: 'action.done', overview }], sent)).toMatchObject({
      passwordLinkSent: true,
    });
    expect(run([{ type: 'overview.loaded', overview }], sent)).toMatchObject({ passwordLinkSent: true });
  });
});
