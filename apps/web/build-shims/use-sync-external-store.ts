/**
 * wouter imports `useSyncExternalStore` from the `use-sync-external-store` shim, written for React
 * versions without it; React 19 has it, so the build points that import here (vite.config.ts)
 * and the first view does not carry the shim.
 */
export { useSyncExternalStore } from 'react';
