import { getPhotoStoreSettings } from "@/lib/platform/config";
import type { BlobStore } from "./blob-store";
import { folderStore } from "./folder-store";
import { s3Store } from "./s3-store";

export type { BlobStore } from "./blob-store";
export { folderStore } from "./folder-store";

let store: BlobStore | undefined;

/** The photo store the configuration names (PHOTO_STORE), made once per process. */
export const getPhotoStore = (): BlobStore => {
  if (store) return store;
  const settings = getPhotoStoreSettings();
  store = settings.kind === "s3" ? s3Store(settings) : folderStore(settings.folder);
  return store;
};
