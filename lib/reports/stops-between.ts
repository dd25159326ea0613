/** A trip as the stop reports need it: who, when, and where it ended. */
export type StopTrip = { vehicleId: number; startTime: Date; endTime: Date; endLatitude: number; endLongitude: number; endAddress: string };

/** Where a vehicle stood between two of its consecutive trips: from the first's end to the second's start, at the first's end point. */
export type Stop = { vehicleId: number; start: Date; end: Date; latitude: number; longitude: number; address: string };

/** The stops between consecutive trips of each vehicle; `trips` in vehicle, then start order. */
export const stopsBetween = (trips: readonly StopTrip[]): Stop[] =>
  trips.flatMap((trip, index) => {
    const next = trips[index + 1];
    if (!next || next.vehicleId !== trip.vehicleId) return [];
    return [
      {
        vehicleId: trip.vehicleId,
        start: trip.endTime,
        end: next.startTime,
        latitude: trip.endLatitude,
        longitude: trip.endLongitude,
        address: trip.endAddress,
      },
    ];
  });
