export { ResetPasswordFlow } from './reset-password-flow';
export type { ResetPasswordFlowProps } from './reset-password-flow';
