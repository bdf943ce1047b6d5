// The uploads domain's face (pictures and other uploads: where they are kept (a folder or a bucket), checking
// and sizing pictures): other domains and the outer layers import only this file; inside the domain, modules
// import each other.

export {
  bytesFromDataUrl,
  deleteImage,
  IMAGE_TOO_LARGE,
  ImageError,
  type ImageUpload,
  MAX_IMAGE_BYTES,
  saveImage,
} from "./images.server";
export {
  bucketLocation,
  copyFolderToStore,
  folderStore,
  isUploadKey,
  s3Store,
  type StoredUpload,
  type UploadStore,
  uploadStore,
  writeInBatches,
} from "./upload-store.server";
