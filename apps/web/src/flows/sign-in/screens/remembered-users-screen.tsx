import { Suspense, useId } from 'react';
import { lazyWithTimeout } from '../../../shared/chunks';
import type { DeviceUser } from '@gatehouse/contract';
import { REMEMBERED_USERS_SHOWN } from '@gatehouse/contract';
import { useT } from '../../../shared/i18n';
import { Button, Card, TruncatedText } from '../../../shared/ui';
import { ScreenTitle } from '../../../shared/a11y';
import { maskEmail } from './mask-email';
import styles from './screens.module.css';

// Base UI's menu: loaded when the list is shown, never in the first view.
const RememberedUserMenu = lazyWithTimeout(() => import('./remembered-user-menu'));

export interface RememberedUsersScreenProps {
  users: readonly DeviceUser[];
  /** The account being removed, while the call is under way. */
  removing: string | null;
  onChoose: (user: DeviceUser) => void;
  onRemove: (userId: string) => void;
  /** Forget every account of this device (also those beyond the first three). */
  onForgetAll: () => void;
  onUseAnother: () => void;
}

/** "First name Surname", or the masked e-mail when the account has no name. */
export function displayName(user: DeviceUser): string {
  const name = `${user.firstName} ${user.surname}`.trim();
  return name === '' ? maskEmail(user.email) : name;
}

/**
 * The remembered accounts of this device: at most 3, each with a menu to remove it. Each row
 * shows the name and the e-mail masked; the whole e-mail appears once the account is picked.
 */
export function RememberedUsersScreen({
  users,
  removing,
  onChoose,
  onRemove,
  onForgetAll,
  onUseAnother,
}: RememberedUsersScreenProps) {
  const t = useT();
  const titleId = useId();
  const shown = users.slice(0, REMEMBERED_USERS_SHOWN);
  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={t('signIn.remembered.pageTitle')}>
        {t('signIn.remembered.title')}
      </ScreenTitle>
      <div className={styles.listArea}>
        <ul className={styles.list} aria-labelledby={titleId}>
          {shown.map((user) => {
            const name = displayName(user);
            const masked = maskEmail(user.email);
            return (
              <li key={user.userId} className={styles.row}>
                <button
                  type="button"
                  className={styles.account}
                  onClick={() => onChoose(user)}
                  disabled={removing !== null}
                >
                  <TruncatedText className={styles.accountName}>{name}</TruncatedText>
                  {masked !== name && <TruncatedText className={styles.accountEmail}>{masked}</TruncatedText>}
                </button>
                <Suspense fallback={<span className={styles.menuPlaceholder} />}>
                  <RememberedUserMenu
                    triggerLabel={t('signIn.remembered.options', { name })}
                    removeLabel={t('signIn.remembered.remove')}
                    onRemove={() => onRemove(user.userId)}
                    disabled={removing !== null}
                  />
                </Suspense>
              </li>
            );
          })}
        </ul>
      </div>
      <div className={styles.stack}>
        <Button variant="outlined" rounded fullWidth onClick={onUseAnother}>
          {t('signIn.remembered.useAnother')}
        </Button>
        {/* Stays focusable while the call is under way: focus moves once, to the login form's heading. */}
        <Button
          variant="text"
          fullWidth
          aria-disabled={removing !== null || undefined}
          onClick={removing !== null ? undefined : onForgetAll}
        >
          {t('signIn.remembered.forgetAll')}
        </Button>
      </div>
    </Card>
  );
}
