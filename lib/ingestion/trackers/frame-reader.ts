/**
 * A frame the device sent that cannot be what its protocol allows (bad framing, checksum, length
 * or content). The listener closes that one connection; nothing else is affected.
 */
export class FrameError extends Error {
  override name = "FrameError";
}

/**
 * Reads big-endian fields from a frame, refusing (FrameError) to read past its end. The numbers are read in place:
 * one reader a frame, no view or closure per field (docs/scaling.md, "Issue 37, session 23").
 */
export class FrameReader {
  offset = 0;
  constructor(readonly bytes: Buffer) {}

  get remaining() {
    return this.bytes.length - this.offset;
  }

  /** Where the next `length` bytes start, now consumed. */
  private advance(length: number) {
    if (length < 0 || length > this.remaining) throw new FrameError(`frame truncated: ${length} bytes needed at ${this.offset}, ${this.remaining} left`);
    const at = this.offset;
    this.offset += length;
    return at;
  }

  take(length: number): Buffer {
    const at = this.advance(length);
    return this.bytes.subarray(at, at + length);
  }

  u8() {
    return this.bytes.readUInt8(this.advance(1));
  }
  u16() {
    return this.bytes.readUInt16BE(this.advance(2));
  }
  i16() {
    return this.bytes.readInt16BE(this.advance(2));
  }
  u32() {
    return this.bytes.readUInt32BE(this.advance(4));
  }
  i32() {
    return this.bytes.readInt32BE(this.advance(4));
  }
  /** An unsigned value of 1, 2, 4 or 8 bytes; 8-byte values past 2^53 lose precision (no IO we store is that large). */
  unsigned(length: number) {
    const at = this.advance(length);
    return length === 8 ? Number(this.bytes.readBigUInt64BE(at)) : this.bytes.readUIntBE(at, length);
  }
}
