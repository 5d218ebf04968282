export * from './reasons.ts';
export * from './rules.ts';
export * from './redirect.ts';
export * from './endpoint.ts';
export * from './common.ts';
export * from './endpoints/index.ts';
export * from './pages.ts';
export * from './device-name.ts';
