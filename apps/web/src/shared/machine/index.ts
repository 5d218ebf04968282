export { useStartEffects } from './use-start-effects';
