export { CHUNK_LOAD_TIMEOUT_MS, lazyWithTimeout, loadChunk, withTimeout } from './lazy-with-timeout';
