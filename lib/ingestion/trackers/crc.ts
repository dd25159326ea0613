/**
 * The two 16-bit CRCs the trackers use, both reflected (bit-reversed polynomials, shifted right):
 * - CRC-16/IBM (ARC): poly 0x8005 (0xA001 reflected), init 0, no final xor — Teltonika's AVL packets.
 * - CRC-16/X25 (CRC-ITU): poly 0x1021 (0x8408 reflected), init 0xFFFF, final xor 0xFFFF — GT06 frames.
 * - CRC-16/KERMIT: the same polynomial, init 0, no final xor — Ruptela packets.
 * Check values for "123456789": 0xBB3D, 0x906E and 0x2189.
 */
const table = (polynomial: number) =>
  Uint16Array.from({ length: 256 }, (_, byte) => {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ polynomial : crc >>> 1;
    return crc;
  });

const IBM = table(0xa001);
const X25 = table(0x8408);

const reflected = (lookup: Uint16Array, init: number, bytes: Uint8Array) => {
  let crc = init;
  for (const byte of bytes) crc = (crc >>> 8) ^ lookup[(crc ^ byte) & 0xff];
  return crc;
};

export const crc16Ibm = (bytes: Uint8Array) => reflected(IBM, 0, bytes);

export const crc16X25 = (bytes: Uint8Array) => reflected(X25, 0xffff, bytes) ^ 0xffff;

export const crc16Kermit = (bytes: Uint8Array) => reflected(X25, 0, bytes);
