/** An assignment as the rule reads it; `endTime` null while it runs. */
export type AssignmentSpan<Id> = { id: Id; driverId: Id; vehicleId: Id; startTime: Date; endTime: Date | null; isPassenger: boolean };

/** A driver statically assigned to a vehicle: the default where no assignment covers a time. */
export type StaticDriver<Id> = { driverId: Id; vehicleId: Id };

/** Who drove a vehicle at an instant, and why: an assignment row, or (assignmentId null) the static default. */
export type DriverAt<Id> = { driverId: Id; assignmentId: Id | null };

const covers = (span: AssignmentSpan<unknown>, at: number) => span.startTime.getTime() <= at && (span.endTime === null || span.endTime.getTime() > at);

const groupBy = <Id, T>(items: readonly T[], key: (item: T) => Id) => {
  const groups = new Map<Id, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

/**
 * THE rule of who drove a vehicle when, over assignments and static drivers already read (by SQL in
 * find-drivers-during.ts, over HTTP in the dashboard's upstream source): the assignment covering the
 * instant wins (passengers do not drive); where none does, the vehicle's first static driver (callers
 * pass them lowest id first) who is not assigned elsewhere at that instant.
 *
 * `assignments` must hold every assignment of the vehicles asked about, and every assignment of their
 * static drivers, that meets the instants asked about.
 */
export const driverResolver = <Id>({
  assignments,
  staticDrivers,
}: {
  assignments: readonly AssignmentSpan<Id>[];
  staticDrivers: readonly StaticDriver<Id>[];
}) => {
  const ofVehicle = groupBy(
    assignments.filter((span) => !span.isPassenger),
    (span) => span.vehicleId,
  );
  const ofDriver = groupBy(assignments, (span) => span.driverId);
  const staticsOf = groupBy(staticDrivers, (entry) => entry.vehicleId);
  return (vehicleId: Id, at: Date | number): DriverAt<Id> | null => {
    const time = typeof at === "number" ? at : at.getTime();
    const assigned = ofVehicle.get(vehicleId)?.find((span) => covers(span, time));
    if (assigned) return { driverId: assigned.driverId, assignmentId: assigned.id };
    const free = staticsOf.get(vehicleId)?.find((entry) => !ofDriver.get(entry.driverId)?.some((span) => covers(span, time)));
    return free ? { driverId: free.driverId, assignmentId: null } : null;
  };
};
