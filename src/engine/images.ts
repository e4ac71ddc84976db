/**
 * Uploaded images: the files the product image upload routes keep in a project's storage, and the
 * dispatcher serves at their URL before any token is read, as the platform's CDN does. Here, apart
 * from those routes, so the dispatcher reads an image without loading the product types.
 */
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { uuid } from '../util/ids.js';
import type { ImageFormat } from '../util/image-header.js';

/** The path segment after the project key under which uploaded images are served. */
export const IMAGES_SEGMENT = 'images';

/** Not a resource type: the uploaded files, by file name, in the project's storage. */
const IMAGE_COLLECTION = 'uploaded-image';

interface UploadedImage extends StoredDocument {
  contentType: ImageFormat;
  /** The file, base64-encoded (documents are JSON). */
  data: string;
}

/** Keeps an uploaded file under its name (one that is new: the name has a random part). */
export function storeImage(storage: StorageBackend, project: string, file: string, contentType: ImageFormat, bytes: Uint8Array): void {
  const image: UploadedImage = { id: uuid(), version: 1, key: file, contentType, data: Buffer.from(bytes).toString('base64') };
  storage.write(project, IMAGE_COLLECTION, image, { expectedVersion: 0, key: file });
}

/** The file an upload's URL names, with its content type; `undefined` when there is none. */
export function storedImage(
  storage: StorageBackend,
  project: string,
  file: string,
): { contentType: string; bytes: Uint8Array } | undefined {
  const image = storage.getByKey(project, IMAGE_COLLECTION, file) as UploadedImage | undefined;
  return image && { contentType: image.contentType, bytes: Buffer.from(image.data, 'base64') };
}
