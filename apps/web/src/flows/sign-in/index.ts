export { SignInFlow } from './sign-in-flow';
export type { SignInFlowProps } from './sign-in-flow';
export type { PinStep } from './sign-in.machine';
export type { SignInStart } from './sign-in-start';
