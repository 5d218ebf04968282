/**
 * The token-link pages: /signin/reset-password and /signin/accept-invitation, one flow whose two
 * kinds differ only in data (token-link.kinds.ts; docs/flows/recovery.md).
 */
export { FinishRegistrationFlow, ResetPasswordFlow } from './token-link-flow';
export type { FinishRegistrationFlowProps, ResetPasswordFlowProps } from './token-link-flow';
