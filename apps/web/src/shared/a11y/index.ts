/**
 * Focus, announcements and the document title, once for the whole app
 * (docs/decisions/0010-focus-and-announcements.md).
 */
export { A11yProvider } from './a11y-provider';
export { useA11y, useAnnounce } from './a11y-context';
export { ScreenTitle } from './screen-title';
export { SNACKBAR_ATTRIBUTE } from './focus-rules';
export { firstFailure, useAnswerProblems, useFailureReport, useSubmitFailures } from './use-failure-report';
export { useAnnouncement } from './use-announcement';
