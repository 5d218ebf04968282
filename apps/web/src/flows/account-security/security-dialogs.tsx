import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { isValidPasskeyName, PASSKEY_NAME_MAX_LENGTH } from '@gatehouse/contract';
import { useA11y } from '../../shared/a11y';
import { useT } from '../../shared/i18n';
import { Button, Notice, PasswordField, TextField } from '../../shared/ui';
import { Dialog } from '../../shared/ui/dialog';
import type { SecurityDialog } from './account-security.machine';
import { usePasskeyInSentence } from './security-sections';
import styles from './account-security.module.css';

/** What the password dialog says after a passkey did not prove who it is (shown in the dialog, and said). */
export interface PasskeyProofNotice {
  text: string;
  severity: 'error' | 'info';
  /** Counts the notices: the same text told again is said again. */
  key: number;
}

interface DialogsProps {
  dialog: SecurityDialog | null;
  busy: boolean;
  /** Why the passkey did not prove who it is: shown above the password, and said. */
  proofNotice: PasskeyProofNotice | null;
  /** Where focus goes when the dialog closes: the button that opened it, or a heading after a removal. */
  finalFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  onRename: (name: string) => void;
  onInvalidName: () => void;
  onConfirmRemoval: () => void;
  onPassword: (password: string) => void;
  /** Offered when the account has a passkey and the browser can use one. */
  onPasskey?: (() => void) | undefined;
}

/** The page's one dialog: rename a passkey, confirm its removal, or the password a removal or a new passkey asks for. */
export function SecurityDialogs(props: DialogsProps) {
  const { dialog, onClose, busy, finalFocus } = props;
  const t = useT();
  const inSentence = usePasskeyInSentence();
  if (dialog === null) return null;
  // Every one of them: open while shown, closed by Escape or its close button, focus back to finalFocus.
  const shown = { open: true, onOpenChange: (open: boolean) => !open && onClose(), finalFocus };
  switch (dialog.kind) {
    case 'rename':
      return (
        <Dialog key="rename" {...shown} title={t('security.passkeys.renameTitle')} description={null} actions={<></>}>
          <RenameForm key={dialog.passkey.id} initial={dialog.passkey.name ?? ''} {...props} invalid={dialog.invalid} />
        </Dialog>
      );
    case 'remove':
      return (
        <Dialog
          key="remove"
          {...shown}
          title={t('security.passkeys.removeTitle')}
          cancelLabel={t('security.cancel')}
          confirmLabel={t('security.passkeys.remove')}
          confirmLoading={busy}
          closeOnConfirm={false}
          onConfirm={props.onConfirmRemoval}
        >
          <p className={styles.text}>{t('security.passkeys.removeText', inSentence(dialog.passkey))}</p>
        </Dialog>
      );
    case 'reauth':
      return (
        <Dialog
          key="reauth"
          {...shown}
          title={t('security.reauth.title')}
          description={t(dialog.purpose.action === 'add' ? 'security.reauth.textAdd' : 'security.reauth.text')}
          actions={<></>}
        >
          <PasswordForm
            key={dialog.purpose.action === 'add' ? 'add' : dialog.purpose.passkey.id}
            {...props}
            wrong={dialog.wrong}
          />
        </Dialog>
      );
    default:
      return dialog satisfies never;
  }
}

function RenameForm({
  initial,
  invalid,
  busy,
  onRename,
  onInvalidName,
  onClose,
}: DialogsProps & { initial: string; invalid: boolean }) {
  const t = useT();
  const [name, setName] = useState(initial);
  const [edited, setEdited] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEdited(false);
    if (!isValidPasskeyName(name)) {
      onInvalidName();
      field.current?.focus();
      return;
    }
    onRename(name.trim());
  };
  return (
    <form method="post" onSubmit={submit} noValidate>
      <TextField
        ref={field}
        label={t('security.passkeys.nameLabel')}
        hint={t('security.passkeys.nameHint')}
        error={invalid && !edited ? t('security.passkeys.nameInvalid') : undefined}
        value={name}
        maxLength={PASSKEY_NAME_MAX_LENGTH * 2}
        autoComplete="off"
        fieldClassName={styles.field}
        onChange={(event) => {
          setName(event.target.value);
          setEdited(true);
        }}
      />
      <FormActions busy={busy} submitLabel={t('security.passkeys.save')} onCancel={onClose} />
    </form>
  );
}

function PasswordForm({ wrong, busy, proofNotice, onPassword, onPasskey, onClose }: DialogsProps & { wrong: number }) {
  const t = useT();
  const { announce } = useA11y();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [shownWrong, setShownWrong] = useState(0);
  const field = useRef<HTMLInputElement>(null);
  // A wrong password empties the field; its message stays until the person types again.
  const [seenWrong, setSeenWrong] = useState(wrong);
  if (seenWrong !== wrong) {
    setSeenWrong(wrong);
    setPassword('');
    setShownWrong(wrong);
  }
  const error = missing ? t('security.reauth.required') : shownWrong > 0 ? t('security.reauth.wrong') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) {
      setMissing(true);
      // Said once (docs/decisions/0010-focus-and-announcements.md): Enter in the field says it there;
      // from the button, focus goes to the field, whose description says it.
      if (document.activeElement === field.current) announce(t('security.reauth.required'), 'assertive');
      else field.current?.focus();
      return;
    }
    onPassword(password);
  };
  return (
    <form method="post" onSubmit={submit} noValidate>
      {proofNotice && (
        <Notice variant={proofNotice.severity} announce announceKey={proofNotice.key}>
          {proofNotice.text}
        </Notice>
      )}
      <PasswordField
        ref={field}
        label={t('security.reauth.password')}
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
          setMissing(false);
          setShownWrong(0);
        }}
      />
      {onPasskey && (
        // Not `disabled` while a call runs: a disabled button loses focus, and the person with it.
        <Button
          type="button"
          variant="outlined"
          className={styles.passkeyButton}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onPasskey();
          }}
        >
          {t('security.reauth.usePasskey')}
        </Button>
      )}
      <FormActions busy={busy} submitLabel={t('security.reauth.confirm')} onCancel={onClose} />
    </form>
  );
}

function FormActions({ busy, submitLabel, onCancel }: { busy: boolean; submitLabel: string; onCancel: () => void }) {
  const t = useT();
  return (
    <div className={styles.dialogActions}>
      <Button type="button" variant="text" onClick={onCancel}>
        {t('security.cancel')}
      </Button>
      <Button type="submit" variant="text" loading={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
