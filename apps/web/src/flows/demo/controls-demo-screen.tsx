import { useEffect, useRef, useState } from 'react';
import { useT } from '../../shared/i18n';
import { Button, Card, LoadingIndicator, Notice, PasswordField, TextField, TruncatedText } from '../../shared/ui';
import { PinField } from '../../shared/ui/pin-field';
import type { ButtonVariant } from '../../shared/ui';
import { Checkbox } from '../../shared/ui/checkbox';
import { Dialog } from '../../shared/ui/dialog';
import { Menu, MenuItem } from '../../shared/ui/menu';
import styles from './demo.module.css';

const VARIANTS: ButtonVariant[] = ['filled', 'outlined', 'text', 'link'];
const DEMO_LOADING_MS = 2000;

/** /tm-controls: every control of the kit in every variant and state. */
export function ControlsDemoScreen() {
  const t = useT();
  const variantLabel = (variant: ButtonVariant) => t(`demo.controls.variant.${variant}`);

  const [busy, setBusy] = useState(false);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(busyTimer.current), []);
  const startBusy = () => {
    setBusy(true);
    busyTimer.current = setTimeout(() => setBusy(false), DEMO_LOADING_MS);
  };

  const [pin, setPin] = useState('');
  const [remember, setRemember] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);
  const demoName = t('demo.controls.menu.name');
  const longName = t('demo.controls.truncate.longName');

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('demo.controls.title')}</h1>

      <section className={styles.section} aria-labelledby="demo-buttons">
        <h2 id="demo-buttons" className={styles.heading}>
          {t('demo.controls.buttons.heading')}
        </h2>
        <div className={styles.row}>
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variantLabel(variant)}
            </Button>
          ))}
        </div>
        <div className={styles.row}>
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant} rounded>
              {t('demo.controls.rounded', { variant: variantLabel(variant) })}
            </Button>
          ))}
        </div>
        <div className={styles.row}>
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant} disabled>
              {t('demo.controls.disabled', { variant: variantLabel(variant) })}
            </Button>
          ))}
        </div>
        <div className={styles.row}>
          <Button variant="filled" loading>
            {t('demo.controls.loading', { variant: variantLabel('filled') })}
          </Button>
          <Button variant="outlined" rounded loading>
            {t('demo.controls.loading', { variant: variantLabel('outlined') })}
          </Button>
          <Button variant="filled" rounded loading={busy} onClick={startBusy}>
            {t('demo.controls.loadOnClick')}
          </Button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="demo-fields">
        <h2 id="demo-fields" className={styles.heading}>
          {t('demo.controls.fields.heading')}
        </h2>
        <div className={styles.stack}>
          <TextField
            label={t('demo.controls.email.label')}
            hint={t('demo.controls.email.hint')}
            type="email"
            autoComplete="email"
            inputMode="email"
            name="demo-email"
          />
          <TextField
            label={t('demo.controls.emailInvalid.label')}
            type="email"
            autoComplete="off"
            defaultValue="jana@"
            error={t('demo.controls.email.error')}
            name="demo-email-invalid"
          />
          <TextField
            label={t('demo.controls.disabledField.label')}
            defaultValue="jana.novakova@example.com"
            disabled
            name="demo-disabled"
          />
          <PasswordField label={t('demo.controls.password.label')} autoComplete="new-password" name="demo-password" />
          <PasswordField
            label={t('demo.controls.passwordInvalid.label')}
            autoComplete="off"
            error={t('demo.controls.password.error')}
            name="demo-password-invalid"
          />
          <PinField
            label={t('demo.controls.pin.label')}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            name="demo-pin"
          />
          <p className={styles.output}>{t('demo.controls.pin.value', { value: pin })}</p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="demo-checkbox">
        <h2 id="demo-checkbox" className={styles.heading}>
          {t('demo.controls.checkbox.heading')}
        </h2>
        <Checkbox label={t('demo.controls.checkbox.label')} checked={remember} onCheckedChange={setRemember} />
        <Checkbox
          label={t('demo.controls.checkbox.described')}
          description={t('demo.controls.checkbox.description')}
          defaultChecked
        />
        <Checkbox label={t('demo.controls.checkbox.disabled')} disabled />
        <Checkbox label={t('demo.controls.checkbox.disabledChecked')} disabled defaultChecked />
      </section>

      <section className={styles.section} aria-labelledby="demo-dialog">
        <h2 id="demo-dialog" className={styles.heading}>
          {t('demo.controls.dialog.heading')}
        </h2>
        <div className={styles.row}>
          <Button variant="outlined" onClick={() => setDialogOpen(true)}>
            {t('demo.controls.dialog.open')}
          </Button>
        </div>
        <Dialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title={t('demo.controls.dialog.title')}
          confirmLabel={t('demo.controls.dialog.confirm')}
          titleTestId="demo-dialog-title"
          contentTestId="demo-dialog-content"
          confirmTestId="demo-dialog-confirm"
        >
          <p>{t('demo.controls.dialog.content')}</p>
        </Dialog>
      </section>

      <section className={styles.section} aria-labelledby="demo-menu">
        <h2 id="demo-menu" className={styles.heading}>
          {t('demo.controls.menu.heading')}
        </h2>
        <div className={styles.listRow}>
          <span className={styles.listText}>
            <TruncatedText>{demoName}</TruncatedText>
          </span>
          <Menu triggerLabel={t('demo.controls.menu.trigger', { name: demoName })}>
            <MenuItem onSelect={() => setRemoved(demoName)}>{t('demo.controls.menu.remove')}</MenuItem>
          </Menu>
        </div>
        {removed && <Notice variant="success">{t('demo.controls.menu.removed', { name: removed })}</Notice>}
      </section>

      <section className={styles.section} aria-labelledby="demo-truncate">
        <h2 id="demo-truncate" className={styles.heading}>
          {t('demo.controls.truncate.heading')}
        </h2>
        <TruncatedText>{longName}</TruncatedText>
      </section>

      <section className={styles.section} aria-labelledby="demo-notices">
        <h2 id="demo-notices" className={styles.heading}>
          {t('demo.controls.notice.heading')}
        </h2>
        <Notice variant="error">{t('demo.controls.notice.error')}</Notice>
        <Notice variant="info">{t('demo.controls.notice.info')}</Notice>
        <Notice variant="success">{t('demo.controls.notice.success')}</Notice>
      </section>

      <section className={styles.section} aria-labelledby="demo-loading">
        <h2 id="demo-loading" className={styles.heading}>
          {t('demo.controls.indicator.heading')}
        </h2>
        <div className={styles.row}>
          <LoadingIndicator label={t('demo.controls.indicator.label')} />
          <LoadingIndicator size={32} label={t('demo.controls.indicator.label')} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="demo-card">
        <h2 id="demo-card" className={styles.heading}>
          {t('demo.controls.card.heading')}
        </h2>
        <Card title={t('demo.controls.card.title')} headingLevel={3} icon={<LockIcon />}>
          <p className={styles.cardText}>{t('demo.controls.card.body')}</p>
          <Button fullWidth>{t('demo.controls.card.action')}</Button>
        </Card>
      </section>
    </div>
  );
}

function LockIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 5a3 3 0 1 1 6 0v3H9V7Zm3 7a2 2 0 0 1 1 3.7V19h-2v-1.3A2 2 0 0 1 12 14Z"
      />
    </svg>
  );
}
