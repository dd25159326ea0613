import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertKey, type BlobStore } from "./blob-store";

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2...): path-style requests, as those expect. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Blobs as objects of one bucket, through AWS's own client (any S3-compatible store). */
export const s3Store = ({ bucket, region, endpoint, credentials }: S3Settings): BlobStore => {
  const client = new S3Client({ region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}), ...(credentials ? { credentials } : {}) });
  return {
    put: async (key, bytes, contentType) => {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    get: async (key) => {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    remove: async (keys) => {
      keys.forEach(assertKey);
      // DeleteObjects takes at most 1,000 keys.
      for (let start = 0; start < keys.length; start += 1_000)
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(start, start + 1_000).map((Key) => ({ Key })), Quiet: true } }),
        );
    },
  };
};
