import QRCode from "qrcode";

/** A QR code as one SVG path of its dark modules (drawn as React elements: no markup string), on a grid of `size` modules plus a 4-module quiet zone. */
export const qrCodePath = (text: string): { size: number; d: string } => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) parts.push(`M${column + 4} ${row + 4}h1v1h-1z`);
    }
  }
  return { size: modules.size + 8, d: parts.join("") };
};
