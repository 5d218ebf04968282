export { CHUNK_LOAD_TIMEOUT_MS, lazyWithTimeout, loadChunk } from './lazy-with-timeout';
