export { SecurityPage } from './security-page';
export type { SecurityPageProps } from './security-page';
