export { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeout, lazyWithTimeout, withTimeout } from './lazy-with-timeout';
