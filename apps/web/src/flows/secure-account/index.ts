export { SecureAccountFlow } from './secure-account-flow';
export type { SecureAccountFlowProps } from './secure-account-flow';
