import type { Ref } from 'react';
import type { SecurityDevice, SecurityPasskey, SecuritySession, SecuritySignIn } from '@gatehouse/contract';
import { Message, useFormatter, useT, type MessageId } from '../../shared/i18n';
import { Button } from '../../shared/ui';
import { Address } from '../../shared/ui/address';
import styles from './account-security.module.css';

/** Names of the list buttons whose calls run without a dialog (the machine's `pending`). */
export const deviceButton = (id: string) => `device:${id}`;
export const sessionButton = (id: string) => `session:${id}`;
export const OTHER_DEVICES_BUTTON = 'devices:others';
export const OTHER_SESSIONS_BUTTON = 'sessions:others';
export const PASSWORD_LINK_BUTTON = 'password:link';
export const ADD_PASSKEY_BUTTON = 'passkeys:add';

const DATE_PARTS: ReadonlySet<string> = new Set(['weekday', 'day', 'month', 'year', 'era', 'relatedYear']);
const TIME_PARTS: ReadonlySet<string> = new Set(['hour', 'minute', 'second', 'dayPeriod', 'timeZoneName']);
const partGroup = (part: Intl.DateTimeFormatPart | undefined) =>
  part === undefined ? null : DATE_PARTS.has(part.type) ? 'date' : TIME_PARTS.has(part.type) ? 'time' : null;

/**
 * A date and time as text whose line may break between the date and the time, never inside either:
 * the spaces within each become no-break spaces. At 360 px a session's "Posledná aktivita 6. 12."
 * ended a line and "2026, 21:24" began the next. A part still too long for its line breaks where it
 * must (the lists' `overflow-wrap: anywhere`), so nothing runs off a narrow screen.
 */
function keptTogether(parts: readonly Intl.DateTimeFormatPart[]): string {
  return parts
    .map((part, index) => {
      const group = part.type === 'literal' ? partGroup(parts[index - 1]) : null;
      return group !== null && group === partGroup(parts[index + 1]) ? part.value.replace(/ /g, '\u00a0') : part.value;
    })
    .join('');
}

const shownFormats = new Map<string, Intl.DateTimeFormat>();

/** Dates and times in the page's language; `shownDateTime` for the lines on screen, `dateTime` in names and messages. */
export function useDates() {
  const { formatDate, locale } = useFormatter();
  return {
    dateTime: (ms: number) => formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' }),
    shownDateTime: (ms: number) => {
      let format = shownFormats.get(locale);
      if (format === undefined) {
        format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
        shownFormats.set(locale, format);
      }
      try {
        return keptTogether(format.formatToParts(ms));
      } catch {
        // A time no date can show (out of range): what the formatter says of it, as everywhere else.
        return formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });
      }
    },
    date: (ms: number) => formatDate(ms, { dateStyle: 'medium' }),
  };
}

/** The name a passkey is shown with: its owner's, or one made of its date. */
export function usePasskeyName(): (passkey: SecurityPasskey) => string {
  const t = useT();
  const { date } = useDates();
  return (passkey) => passkey.name ?? t('security.passkeys.defaultName', { date: date(passkey.createdAt) });
}

/**
 * What a sentence about one passkey says of it: `named` 'yes' with the owner's name, which the
 * sentence quotes, or 'no' with its creation date ("the passkey from 29 Nov 2026"), so that an
 * unnamed one is not called "Passkey Passkey from …".
 */
export function usePasskeyInSentence(): (passkey: SecurityPasskey) => { named: 'yes' | 'no'; name: string } {
  const { date } = useDates();
  return (passkey) =>
    passkey.name === null ? { named: 'no', name: date(passkey.createdAt) } : { named: 'yes', name: passkey.name };
}

/**
 * The names a list's buttons give their items: an item whose name another item of the list shares
 * is told apart by its date (two sessions of one browser, two devices of one kind), and where the
 * dates are alike too, by its place among them, so that each button says which item it acts on
 * (docs/decisions/0114-security-page.md).
 */
export function useNamesTellingApart(): <T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  withDate: (item: T, name: string) => string,
) => string[] {
  const t = useT();
  return (items, nameOf, withDate) => {
    const shared = (names: string[]) => (name: string) => names.indexOf(name) !== names.lastIndexOf(name);
    const names = items.map(nameOf);
    const isShared = shared(names);
    const dated = names.map((name, i) => (isShared(name) ? withDate(items[i]!, name) : name));
    const stillShared = shared(dated);
    return dated.map((name, i) =>
      stillShared(name)
        ? t('security.numbered', { name, number: dated.slice(0, i + 1).filter((n) => n === name).length })
        : name,
    );
  };
}

interface SectionProps {
  /** The section's heading: focus goes here when its focused item is gone (docs/decisions/0010). */
  headingRef: Ref<HTMLHeadingElement>;
  headingId: string;
  busy: boolean;
  /** The button whose call is under way. */
  pending: string | null;
}

/**
 * A list's button: while any call runs it stays focusable but does nothing (aria-disabled, as the
 * kit's loading button), and the one whose call runs shows it (docs/decisions/0010: focus is never lost).
 */
function ActionButton({
  id,
  busy,
  pending,
  label,
  onPress,
  className,
  children,
}: {
  id: string;
  busy: boolean;
  pending: string | null;
  label?: string;
  onPress: () => void;
  className?: string;
  children: string;
}) {
  return (
    <Button
      variant="outlined"
      className={className}
      aria-label={label}
      loading={pending === id}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onPress();
      }}
    >
      {children}
    </Button>
  );
}

/** A section's own button, after its list (add, revoke or sign out the others, send a link), spaced like a section's last line. */
function SectionButton(props: Omit<Parameters<typeof ActionButton>[0], 'className' | 'label'>) {
  return <ActionButton {...props} className={styles.sectionAction} />;
}

export function PasskeysSection({
  headingRef,
  headingId,
  busy,
  pending,
  passkeys,
  onRename,
  onRemove,
  onAdd,
}: SectionProps & {
  passkeys: readonly SecurityPasskey[];
  onRename: (passkey: SecurityPasskey) => void;
  onRemove: (passkey: SecurityPasskey) => void;
  /** Adds a passkey; absent where none can be added (a shared computer, a browser without passkeys). */
  onAdd: (() => void) | undefined;
}) {
  const t = useT();
  const { dateTime, shownDateTime } = useDates();
  const nameOf = usePasskeyName();
  const tellApart = useNamesTellingApart();
  const buttonNames = tellApart(passkeys, nameOf, (passkey, name) =>
    t('security.passkeys.nameAndCreated', { name, date: dateTime(passkey.createdAt) }),
  );
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('security.passkeys.heading')}
      </h2>
      {passkeys.length === 0 ? (
        <p className={styles.text}>{t('security.passkeys.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {passkeys.map((passkey, index) => {
            const name = nameOf(passkey);
            const buttonName = buttonNames[index];
            return (
              <li key={passkey.id} className={styles.item}>
                <div className={styles.details}>
                  <span className={styles.name}>{name}</span>
                  <span className={styles.meta}>
                    {t(passkey.synced ? 'security.passkeys.synced' : 'security.passkeys.oneDevice')}
                  </span>
                  <span className={styles.meta}>
                    {t('security.passkeys.created', { date: shownDateTime(passkey.createdAt) })}
                  </span>
                  <span className={styles.meta}>
                    {passkey.lastUsedAt === null
                      ? t('security.passkeys.neverUsed')
                      : t('security.passkeys.lastUsed', { date: shownDateTime(passkey.lastUsedAt) })}
                  </span>
                </div>
                <div className={styles.actions}>
                  <ActionButton
                    id={`rename:${passkey.id}`}
                    busy={busy}
                    pending={pending}
                    label={t('security.passkeys.renameNamed', { name: buttonName })}
                    onPress={() => onRename(passkey)}
                  >
                    {t('security.passkeys.rename')}
                  </ActionButton>
                  <ActionButton
                    id={`remove:${passkey.id}`}
                    busy={busy}
                    pending={pending}
                    label={t('security.passkeys.removeNamed', { name: buttonName })}
                    onPress={() => onRemove(passkey)}
                  >
                    {t('security.passkeys.remove')}
                  </ActionButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {onAdd && (
        <SectionButton id={ADD_PASSKEY_BUTTON} busy={busy} pending={pending} onPress={onAdd}>
          {t('security.passkeys.add')}
        </SectionButton>
      )}
    </section>
  );
}

export function DevicesSection({
  headingRef,
  headingId,
  busy,
  pending,
  devices,
  onRevoke,
  onRevokeOthers,
}: SectionProps & {
  devices: readonly SecurityDevice[];
  onRevoke: (device: SecurityDevice) => void;
  onRevokeOthers: () => void;
}) {
  const t = useT();
  const { dateTime, shownDateTime } = useDates();
  const others = devices.filter((device) => !device.current);
  const tellApart = useNamesTellingApart();
  const buttonNames = tellApart(
    devices,
    // This device's button says so, as its row's badge does: a person revoking a lost phone must not
    // revoke the device in their hand (the latest sign-ins name it the same way).
    (device) => (device.current ? t('security.signIns.thisDevice', { device: device.name }) : device.name),
    (device, name) => t('security.devices.nameAndUse', { name, date: dateTime(device.lastUsedAt) }),
  );
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('security.devices.heading')}
      </h2>
      <p className={styles.text}>{t('security.devices.intro')}</p>
      {devices.length === 0 ? (
        <p className={styles.text}>{t('security.devices.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {devices.map((device, index) => (
            <li key={device.id} className={styles.item}>
              <div className={styles.details}>
                <span className={styles.name}>
                  {device.name}
                  {device.current && <span className={styles.badge}>{t('security.devices.thisDevice')}</span>}
                </span>
                <span className={styles.meta}>
                  {t('security.devices.trustedSince', { date: shownDateTime(device.trustedAt) })}
                </span>
                <span className={styles.meta}>
                  {t('security.devices.lastUsed', { date: shownDateTime(device.lastUsedAt) })}
                </span>
              </div>
              <div className={styles.actions}>
                <ActionButton
                  id={deviceButton(device.id)}
                  busy={busy}
                  pending={pending}
                  label={t('security.devices.revokeNamed', { name: buttonNames[index] })}
                  onPress={() => onRevoke(device)}
                >
                  {t('security.devices.revoke')}
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <SectionButton id={OTHER_DEVICES_BUTTON} busy={busy} pending={pending} onPress={onRevokeOthers}>
          {t('security.devices.revokeOthers')}
        </SectionButton>
      )}
    </section>
  );
}

export function SessionsSection({
  headingRef,
  headingId,
  busy,
  pending,
  sessions,
  nameOf,
  onEnd,
  onEndOthers,
}: SectionProps & {
  sessions: readonly SecuritySession[];
  nameOf: (userAgent: string | null) => string;
  onEnd: (session: SecuritySession, name: string) => void;
  onEndOthers: () => void;
}) {
  const t = useT();
  const { dateTime, shownDateTime } = useDates();
  const others = sessions.filter((session) => !session.current);
  const tellApart = useNamesTellingApart();
  // Only the other sessions have a button: this session's row needs no telling apart.
  const buttonNames = tellApart(
    others,
    (session) => nameOf(session.userAgent),
    (session, name) => t('security.sessions.nameAndActivity', { name, date: dateTime(session.lastActiveAt) }),
  );
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('security.sessions.heading')}
      </h2>
      <ul className={styles.list}>
        {sessions.map((session) => {
          const name = nameOf(session.userAgent);
          return (
            <li key={session.id} className={styles.item}>
              <div className={styles.details}>
                <span className={styles.name}>
                  {name}
                  {session.current && <span className={styles.badge}>{t('security.sessions.thisSession')}</span>}
                </span>
                <span className={styles.meta}>
                  {t('security.sessions.lastActive', { date: shownDateTime(session.lastActiveAt) })}
                </span>
                <span className={styles.meta}>
                  {t('security.sessions.signedIn', { date: shownDateTime(session.signedInAt) })}
                </span>
              </div>
              {!session.current && (
                <div className={styles.actions}>
                  <ActionButton
                    id={sessionButton(session.id)}
                    busy={busy}
                    pending={pending}
                    label={t('security.sessions.signOutNamed', { name: buttonNames[others.indexOf(session)] })}
                    onPress={() => onEnd(session, name)}
                  >
                    {t('security.sessions.signOut')}
                  </ActionButton>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {others.length === 0 ? (
        <p className={styles.text}>{t('security.sessions.onlyHere')}</p>
      ) : (
        <SectionButton id={OTHER_SESSIONS_BUTTON} busy={busy} pending={pending} onPress={onEndOthers}>
          {t('security.sessions.signOutOthers')}
        </SectionButton>
      )}
    </section>
  );
}

const METHOD_TEXT: Record<string, MessageId> = {
  password_pin: 'security.signIns.method.passwordPin',
  password_trusted_device: 'security.signIns.method.passwordTrustedDevice',
  passkey: 'security.signIns.method.passkey',
  registration: 'security.signIns.method.registration',
};

export function SignInsSection({
  headingId,
  signIns,
  nameOf,
}: {
  headingId: string;
  signIns: readonly SecuritySignIn[];
  nameOf: (userAgent: string | null) => string;
}) {
  const t = useT();
  const { shownDateTime } = useDates();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('security.signIns.heading')}
      </h2>
      {signIns.length === 0 ? (
        <p className={styles.text}>{t('security.signIns.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {signIns.map((signIn, index) => {
            const device = nameOf(signIn.userAgent);
            return (
              // Sign-ins have no id of their own; the list is read whole and never reordered in place.
              <li key={`${signIn.at}-${index}`} className={styles.item}>
                {t('security.signIns.entry', {
                  date: shownDateTime(signIn.at),
                  device: signIn.thisDevice ? t('security.signIns.thisDevice', { device }) : device,
                  method: t(METHOD_TEXT[signIn.method] ?? 'security.signIns.method.other'),
                })}
              </li>
            );
          })}
        </ul>
      )}
      <p className={styles.text}>{t('security.signIns.notYou')}</p>
    </section>
  );
}

/**
 * The password: a new one is chosen through a link mailed to the account's address, the same reset
 * link "Forgot password?" sends (a signed-in person cannot reach that form: the sign-in page sends
 * them on). Once sent, the section says where the link went and how long it works; another press
 * sends a new one.
 */
export function PasswordSection({
  headingId,
  email,
  linkMinutes,
  sent,
  busy,
  pending,
  onSend,
}: {
  headingId: string;
  email: string;
  /** How long a reset link works, when the server says. */
  linkMinutes: number | null;
  sent: boolean;
  busy: boolean;
  pending: string | null;
  onSend: () => void;
}) {
  const t = useT();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('security.password.heading')}
      </h2>
      <p className={styles.text}>
        <Message id="security.password.text" values={{ email: <Address>{email}</Address> }} />
      </p>
      {sent && (
        <p className={styles.text}>
          <Message id="security.password.sent" values={{ email: <Address>{email}</Address> }} />
          {linkValidity(t, linkMinutes)}
        </p>
      )}
      <SectionButton id={PASSWORD_LINK_BUTTON} busy={busy} pending={pending} onPress={onSend}>
        {t('security.password.send')}
      </SectionButton>
    </section>
  );
}

/** "The link is on its way to …", with how long it works when the server says (what a live region says). */
export function passwordLinkSentText(t: ReturnType<typeof useT>, email: string, linkMinutes: number | null): string {
  return t('security.password.sent', { email }) + linkValidity(t, linkMinutes);
}

/** The sentence after "sent": how long the link works, or nothing when the server does not say. */
function linkValidity(t: ReturnType<typeof useT>, linkMinutes: number | null): string {
  return linkMinutes === null ? '' : ` ${t('security.password.validity', { minutes: linkMinutes })}`;
}
