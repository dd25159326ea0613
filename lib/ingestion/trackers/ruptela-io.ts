import type { IoTarget } from "./teltonika-io";

/** A harsh driving or crash IO: raised while its value is above 0. */
const event =
  (kind: "harshBraking" | "harshAcceleration" | "crash") =>
  (value: number, { events }: IoTarget) => {
    if (value > 0) events.push({ kind });
  };

/**
 * The Ruptela IO ids this service reads (Ruptela's device protocol, cross-checked with Traccar's decoder; the CAN
 * values in J1939's resolutions, the OBD ones in OBD-II's), and how. Where a CAN and an OBD value both exist the CAN
 * one wins (set with `=`, the other with `??=`, so their order in the record does not matter); the ignition wire (DIN4)
 * wins over the ignition the device derives. The rest are decoded for framing and ignored. docs/trackers.md carries
 * the same table.
 */
export const RUPTELA_IO: Record<number, (value: number, target: IoTarget) => void> = {
  2: (value, { io }) => {
    io.digitalInput1 = value > 0;
  }, // DIN1
  3: (value, { io }) => {
    io.digitalInput2 = value > 0;
  }, // DIN2
  4: (value, { io }) => {
    io.digitalInput3 = value > 0;
  }, // DIN3
  5: (value, { io }) => {
    io.ignition = value > 0;
  }, // DIN4: the ignition wire
  251: (value, { io }) => {
    io.ignition ??= value > 0;
  }, // virtual ignition (from the supply voltage or movement)
  409: (value, { io }) => {
    io.ignition ??= value > 0;
  }, // ignition (newer firmware's id)
  29: (value, { io }) => {
    io.externalVolts = value / 1000;
  }, // power supply voltage, mV
  65: (value, { io }) => {
    io.gpsOdometerMeters = value;
  }, // virtual odometer (the device's, from its fixes), m
  163: (value, { io }) => {
    io.odometerMeters = value * 5;
  }, // CAN high-resolution total vehicle distance, 5 m
  645: (value, { io }) => {
    io.odometerMeters ??= value * 1000;
  }, // OBD odometer, km; CAN wins
  207: (value, { io }) => {
    io.fuelPercent = value * 0.4;
  }, // CAN fuel level, 0.4 %
  98: (value, { io }) => {
    io.fuelPercent ??= (value * 100) / 255;
  }, // OBD fuel level, 1/255; CAN wins
  197: (value, { io }) => {
    io.engineRpm = value * 0.125;
  }, // CAN engine speed, 0.125 rpm
  166: (value, { io }) => {
    io.engineRpm = value * 0.125;
  }, // CAN engine speed (the FMS group's id), 0.125 rpm
  94: (value, { io }) => {
    io.engineRpm ??= value * 0.25;
  }, // OBD engine RPM, 0.25 rpm; CAN wins
  165: (value, { io }) => {
    io.ecuSpeedKmh = value / 256;
  }, // CAN wheel-based vehicle speed, 1/256 km/h
  95: (value, { io }) => {
    io.ecuSpeedKmh ??= value;
  }, // OBD vehicle speed, km/h; CAN wins
  39: (value, { io }) => {
    io.engineLoadPercent = value;
  }, // OBD calculated engine load, %
  208: (value, { io }) => {
    io.fuelUsedLiters = value * 0.5;
  }, // CAN engine total fuel used, 0.5 l
  134: event("harshBraking"), // harsh braking (Eco-Drive)
  136: event("harshAcceleration"), // harsh acceleration (Eco-Drive)
  411: event("crash"), // accident
};
