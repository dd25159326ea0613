/**
 * A frame the device sent that cannot be what its protocol allows (bad framing, checksum, length
 * or content). The listener closes that one connection; nothing else is affected.
 */
export class FrameError extends Error {
  override name = "FrameError";
}

/** Reads big-endian fields from a frame, refusing (FrameError) to read past its end. */
export class FrameReader {
  offset = 0;
  constructor(readonly bytes: Buffer) {}

  get remaining() {
    return this.bytes.length - this.offset;
  }

  take(length: number): Buffer {
    if (length < 0 || length > this.remaining) throw new FrameError(`frame truncated: ${length} bytes needed at ${this.offset}, ${this.remaining} left`);
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  u8 = () => this.take(1).readUInt8(0);
  u16 = () => this.take(2).readUInt16BE(0);
  i16 = () => this.take(2).readInt16BE(0);
  u32 = () => this.take(4).readUInt32BE(0);
  i32 = () => this.take(4).readInt32BE(0);
  /** An unsigned value of 1, 2, 4 or 8 bytes; 8-byte values past 2^53 lose precision (no IO we store is that large). */
  unsigned = (length: number) => {
    const bytes = this.take(length);
    return length === 8 ? Number(bytes.readBigUInt64BE(0)) : bytes.readUIntBE(0, length);
  };
}
