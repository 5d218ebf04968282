export { useMachine } from './use-machine';
export { sendCallOutcome } from './send-call-outcome';
export type { CallFailureDeps, CallOutcomeEvents } from './send-call-outcome';
