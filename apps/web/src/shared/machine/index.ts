export { useMachine } from './use-machine';
export type { MachineParts, Transition } from './use-machine';
export { sendCallOutcome } from './send-call-outcome';
export type { CallFailureDeps, CallOutcomeEvents, OwnReaction } from './send-call-outcome';
