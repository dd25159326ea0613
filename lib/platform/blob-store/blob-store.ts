/** Stored bytes under a key: the one interface of the photo store, whichever holds them. */
export type BlobStore = {
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Uint8Array | null>;
  /** Removes the keys; a key with nothing stored is no error (a retried removal). */
  remove: (keys: readonly string[]) => Promise<void>;
};

/** A key is made by this service (`<area>/<company>/<uuid>`): checked again here so no key can leave the store's folder or prefix. */
export const assertKey = (key: string) => {
  if (!/^[a-z-]+\/\d{1,10}\/[0-9a-f-]{36}$/.test(key)) throw new Error(`Not a blob key: ${key}`);
};
