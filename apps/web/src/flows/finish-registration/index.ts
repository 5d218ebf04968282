export { FinishRegistrationFlow } from './finish-registration-flow';
export type { FinishRegistrationFlowProps } from './finish-registration-flow';
