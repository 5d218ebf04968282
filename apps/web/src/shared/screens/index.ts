/**
 * Whole screens that know no flow: a message with buttons (MessageScreen, or InfoScreen from
 * message ids) and a flow's loading screen. Lazy: not part of the sign-in page's first view.
 */
export { InfoScreen, LoadingScreen, MessageScreen } from './message-screen';
export type { InfoScreenAction, InfoScreenProps, InfoScreenTexts, MessageScreenProps } from './message-screen';
/** The screens' card, title, text, form and button column, for the forms that are screens of their own. */
export { default as screenStyles } from './screens.module.css';
