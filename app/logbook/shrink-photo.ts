/** The longest side of a photo the logbook sends: a defect stays legible, the request stays small. */
const LONGEST_SIDE = 1600;
/** Under the server actions' body limit (256 KB), with room for the form's own fields. */
export const PHOTO_SEND_BYTES = 240 * 1024;

/**
 * The photo as a JPEG of at most LONGEST_SIDE pixels and PHOTO_SEND_BYTES, lowering the quality (then
 * the size) until it fits: a phone's 4 MB photo becomes ~200 KB, which a weak connection sends.
 */
export const shrinkPhoto = async (file: Blob): Promise<Blob> => {
  const image = await createImageBitmap(file);
  let side = LONGEST_SIDE;
  for (;;) {
    const scale = Math.min(1, side / Math.max(image.width, image.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(image.width * scale);
    canvas.height = Math.round(image.height * scale);
    canvas.getContext("2d")!.drawImage(image, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.82, 0.7, 0.55]) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
      if (blob && blob.size <= PHOTO_SEND_BYTES) return blob;
    }
    if (side < 400) throw new Error("This photo cannot be made small enough to send.");
    side = Math.round(side * 0.7);
  }
};
