export { createDbFileStore, type FileStore, MAX_STORED_FILE_BYTES, type StoredFile } from './file-store.js';
export { contentDisposition, safeFileName, sendStoredFile } from './send-file.js';
export {
  detectUploadKind,
  findUpload,
  type ReceivedFile,
  readUploads,
  registerUploads,
  type StoredUpload,
  sendUpload,
  storeUpload,
  type UploadPolicy,
} from './uploads.js';
