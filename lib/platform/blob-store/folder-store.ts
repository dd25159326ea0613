import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, type BlobStore } from "./blob-store";

/** Blobs as files under `folder` (the key's slashes are subfolders); a write goes to a temporary file first, so a reader never sees half a photo. */
export const folderStore = (folder: string): BlobStore => {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.resolve(/*turbopackIgnore: true*/ folder, key);
  };
  return {
    put: async (key, bytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    get: async (key) => {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    remove: async (keys) => {
      for (const key of keys) await rm(fileOf(key), { force: true });
    },
  };
};
