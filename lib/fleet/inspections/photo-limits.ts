/** What a defect's photos may be (the logbook's form checks them too, so these stay free of the database). */

/** A phone's photo after the logbook has shrunk it is far smaller; a photo sent as taken still fits. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS_PER_DEFECT = 5;
