/** Live vehicles of Demo Fleet on the SDK suite's server: more than one default page (50) of every list. */
export const SDK_VEHICLES = 60;
