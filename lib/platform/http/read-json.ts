import { AppError } from "@/lib/platform/errors";

export const DEFAULT_BODY_LIMIT_BYTES = 1_000_000;

/** Reads the raw body, refusing more than `limitBytes` (413) without buffering past the limit. */
export const readBodyText = async (request: Request, limitBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<string> => {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limitBytes) throw new AppError("payload_too_large", `Request body exceeds ${limitBytes} bytes.`);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw new AppError("payload_too_large", `Request body exceeds ${limitBytes} bytes.`);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("bad_request", "Request body is not valid UTF-8.");
  }
};

/** Parses a JSON body; malformed JSON is a 400, not a crash. */
export const readJson = async (request: Request, limitBytes?: number): Promise<unknown> => {
  const text = await readBodyText(request, limitBytes);
  if (text.trim() === "") throw new AppError("bad_request", "Request body must be JSON.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Request body is not valid JSON.");
  }
};
