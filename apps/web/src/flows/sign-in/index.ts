export { SignInFlow } from './sign-in-flow';
export type { SignInFlowProps } from './sign-in-flow';
