export { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeout, lazyWithTimeout, loadChunk, withTimeout } from './lazy-with-timeout';
