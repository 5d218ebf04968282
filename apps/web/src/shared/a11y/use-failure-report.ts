import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useAnnounce } from './a11y-context';
import { reportFailure } from './focus-rules';

/** What a failed submit points at: the first field in error, or the form's notice, with the message it shows. */
export interface FailureTarget {
  element: HTMLElement | null | undefined;
  message: string;
}

/** A failure whose message is not on screen yet waits this long for it (a form library's late render). */
const MESSAGE_WAIT_MS = 500;

/**
 * Reports each failure of a form once, after the render that shows it
 * (docs/decisions/0010-focus-and-announcements.md): `key` changes with every failed submit;
 * `target()` says what the failure points at, as rendered now. If the message is not rendered
 * yet (react-hook-form shows its errors a render later), the report waits for it, briefly. A form
 * that appears with a message already on it (a new screen) announces it; the new screen's
 * heading has focus.
 */
export function useFailureReport(key: string | number, target: () => FailureTarget | null): void {
  const announce = useAnnounce();
  const reported = useRef<string | number | null>(null);
  const pending = useRef<{ key: string | number; since: number } | null>(null);
  const report = useEffectEvent(() => {
    if (reported.current === null) {
      // The form appears: only a message it already shows is said (focus is the screen's).
      reported.current = key;
      const shown = target();
      if (shown?.element && shown.message !== '') announce(shown.message, 'assertive');
      return;
    }
    if (reported.current !== key) {
      reported.current = key;
      pending.current = { key, since: Date.now() };
    }
    if (pending.current === null) return;
    const found = target();
    if (!found?.element || found.message === '') {
      if (Date.now() - pending.current.since > MESSAGE_WAIT_MS) pending.current = null;
      return;
    }
    pending.current = null;
    reportFailure(found.element, found.message, (message) => announce(message, 'assertive'));
  });
  // After every commit: a new failure, or a pending one whose message has just been rendered.
  useEffect(() => {
    report();
  });
}

/**
 * The first of a form's fields that shows a message (in the form's order), found by its name,
 * else `otherwise` when it has a message (the form's notice, or the field the notice describes;
 * a null message: no notice shown).
 */
export function firstFailure(
  form: HTMLFormElement | null,
  fields: readonly (readonly [name: string, message: string | undefined])[],
  otherwise: { element: FailureTarget['element']; message: string | null } | null = null,
): FailureTarget | null {
  for (const [name, message] of fields) {
    if (message === undefined || message === '') continue;
    const element = form?.elements.namedItem(name);
    if (element instanceof HTMLElement) return { element, message };
  }
  return otherwise === null || otherwise.message === null
    ? null
    : { element: otherwise.element, message: otherwise.message };
}

/**
 * The failures of a form: `answers` counts the server's answers that left the form in place
 * with a message (from the flow's machine), `refused()` counts the submits the form's own
 * checks refused. `key` changes with each of them.
 */
export function useSubmitFailures(answers: number): { key: string; refused: () => void } {
  const [refusals, refused] = useReducer((count: number) => count + 1, 0);
  return { key: `${answers}:${refusals}`, refused };
}

/**
 * Server problems of fields, shown until the person edits the field after the answer
 * (as a checked field's message is re-checked while they type).
 */
export function useAnswerProblems<Field extends string, Problem>(
  answers: number,
  problems: Partial<Record<Field, Problem>>,
): { problemOf: (field: Field) => Problem | undefined; edited: (field: Field) => void } {
  const [edits, setEdits] = useState<{ answers: number; fields: readonly Field[] }>({ answers: -1, fields: [] });
  const editedNow = edits.answers === answers ? edits.fields : [];
  return {
    problemOf: (field) => (editedNow.includes(field) ? undefined : problems[field]),
    edited: (field) => {
      if (problems[field] !== undefined && !editedNow.includes(field))
        setEdits({ answers, fields: [...editedNow, field] });
    },
  };
}
