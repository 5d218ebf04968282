export { useStartEffects } from './use-start-effects';
export { sendCallOutcome } from './send-call-outcome';
export type { CallFailureDeps, CallOutcomeEvents } from './send-call-outcome';
