import { useId, useRef } from 'react';
import type { FormEventHandler, MouseEvent, ReactNode } from 'react';
import { ScreenTitle, firstFailure, useAnswerProblems, useFailureReport, useSubmitFailures } from '../a11y';
import { Button, Card, Notice } from '../ui';
import type { ButtonProps } from '../ui';

/**
 * A press of one of the form's buttons with a mouse or a finger leaves focus where it is until the
 * press is over. Else the field being left checks itself as the button goes down, its message pushes
 * the button down the page, and the release lands beside it: the press is lost, with nothing said
 * (docs/decisions/0010-focus-and-announcements.md). The press then does what it does (a submit checks
 * every field and reports the first in error). Keys are not affected; a box to tick takes focus.
 */
function keepFocusWhilePressed(event: MouseEvent<HTMLFormElement>) {
  if ((event.target as Element).closest('button:not([role])')) event.preventDefault();
}

/** The classes a flow gives its form screens (each flow keeps its own spacing). */
export interface FormScreenStyles {
  card?: string;
  title?: string;
  form?: string;
  text?: string;
}

export interface FormScreenProps {
  /** The h1 (already translated). */
  title: ReactNode;
  /** The screen's short name in the document title; the page's own title without it. */
  pageTitle?: string;
  styles: FormScreenStyles;
  /** Between the title and the form: a way back, an introduction. */
  header?: ReactNode;
  /** The form's first text, which describes it (aria-describedby). */
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's error notice above its fields; null: none. */
  notice?: string | null;
  /** The notice's id, for a field that refers to it. */
  noticeId?: string;
  /** With no field in error, a failure points at this field (the notice describes it) instead of at the notice. */
  noticeField?: string;
  /** Changes with each failed submit (useFormFailures). */
  failureKey: string;
  /** Every field that can show a message, by name in the form's order, with the message it shows now (undefined: none). */
  fieldMessages: Readonly<Record<string, string | undefined>>;
  children: ReactNode;
}

/**
 * A screen that is one form: the card, the h1 that labels the card and the form, the
 * description and the error notice, and the report of each failed submit
 * (docs/decisions/0010-focus-and-announcements.md): focus on the first field that shows a
 * message, else on the notice (or the field it describes), or an announcement when focus is
 * there already. The fields and buttons are the screen's.
 */
export function FormScreen({
  title,
  pageTitle,
  styles,
  header,
  description,
  onSubmit,
  notice = null,
  noticeId,
  noticeField,
  failureKey,
  fieldMessages,
  children,
}: FormScreenProps) {
  const titleId = useId();
  const descriptionId = useId();
  const form = useRef<HTMLFormElement>(null);
  const noticeElement = useRef<HTMLDivElement>(null);

  useFailureReport(failureKey, () => {
    const described = noticeField === undefined ? null : form.current?.elements.namedItem(noticeField);
    const element = described instanceof HTMLElement ? described : noticeElement.current;
    return firstFailure(form.current, Object.entries(fieldMessages), { element, message: notice });
  });

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={pageTitle}>
        {title}
      </ScreenTitle>
      {header}
      <form
        ref={form}
        className={styles.form}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onMouseDown={keepFocusWhilePressed}
        aria-labelledby={titleId}
        aria-describedby={description === undefined ? undefined : descriptionId}
      >
        {description !== undefined && (
          <p id={descriptionId} className={styles.text}>
            {description}
          </p>
        )}
        {notice !== null && (
          <Notice variant="error" id={noticeId} ref={noticeElement} focusable>
            {notice}
          </Notice>
        )}
        {children}
      </form>
    </Card>
  );
}

/**
 * A form's failures: `failed` counts the refused and the failed submits (its key goes to
 * FormScreen), `server` holds the problems the last answer gave each field until it is edited.
 */
export function useFormFailures<Field extends string, Problem>(
  failures: number,
  problems: Partial<Record<Field, Problem>>,
) {
  return { failed: useSubmitFailures(failures), server: useAnswerProblems<Field, Problem>(failures, problems) };
}

/** The form's main button: filled, full width unless told, a spinner while the call runs. */
export function SubmitButton({
  busy,
  fullWidth = true,
  ...rest
}: Omit<ButtonProps, 'type' | 'loading'> & { busy: boolean }) {
  return <Button type="submit" variant="filled" rounded fullWidth={fullWidth} loading={busy} {...rest} />;
}
