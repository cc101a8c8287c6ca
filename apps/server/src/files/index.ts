export { createDbFileStore, type FileStore, MAX_STORED_FILE_BYTES, type StoredFile } from './file-store.js';
