import { fieldProblem, recordProblem, validateRecord, type Cell, type RecordField, type TelemetryRecord } from "./telemetry-batch";
import type { Tenant } from "@/lib/platform/tenant";

/**
 * A column of numbers, NaN where a row has none (ingestion refuses NaN as a value, so it can only mean that;
 * packed-column.ts sends it as NULL). A JS array mixing numbers and nulls holds each number in a heap box of its own:
 * ~16 bytes of garbage a value at 10,000 tracker fixes a second (docs/scaling.md, "Issue 37, session 24").
 */
export type NumberColumn = Float64Array;

/**
 * One tenant's records of one kind as columns (`vehicleId`, `time` in epoch milliseconds, one per
 * field, and `superseded`: true where a later row of the same vehicle follows), in time order then
 * vehicle id: the order their change sequence numbers follow. Numeric fields are NumberColumns, the
 * others (text, booleans) arrays.
 */
export type PackedRows = {
  tenant: Tenant;
  count: number;
  columns: Record<string, NumberColumn | Cell[]>;
  first: number;
  last: number;
};

/** A tenant's records, by their index in the batch; `inOrder` while they come in time order, then vehicle id, without a repeat. */
type Group = { tenant: Tenant; rows: number[]; inOrder: boolean };

type CheckOptions<R> = { records: readonly R[]; fields: readonly RecordField<R>[]; kind: string; nowMs: number };

/** 400 naming `kind[index].field` for the batch's first bad value, in batch order (the checks below find one, not the first). */
const throwFirstProblem = <R extends TelemetryRecord>({ records, fields, kind, nowMs }: CheckOptions<R>): never => {
  records.forEach((record, index) => validateRecord(record, fields, () => `${kind}[${index}]`, nowMs));
  throw new Error("throwFirstProblem: no bad value found");
};

/** Each record's vehicle id and time, and its tenant's group, after checking them. */
const groupRecords = <R extends TelemetryRecord>(options: CheckOptions<R>) => {
  const { records, nowMs } = options;
  const vehicles = new Float64Array(records.length);
  const times = new Float64Array(records.length);
  const groups: Group[] = [];
  let group: Group | undefined;
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if (recordProblem(record, nowMs)) throwFirstProblem(options);
    vehicles[index] = record.vehicleId;
    times[index] = record.time.getTime();
    if (!group || group.tenant.companyId !== record.companyId || group.tenant.dataset !== record.dataset) {
      group = groups.find(({ tenant }) => tenant.companyId === record.companyId && tenant.dataset === record.dataset);
      if (!group) groups.push((group = { tenant: { companyId: record.companyId, dataset: record.dataset }, rows: [], inOrder: true }));
    }
    const previous = group.rows.at(-1);
    if (previous !== undefined && (times[index] < times[previous] || (times[index] === times[previous] && vehicles[index] <= vehicles[previous])))
      group.inOrder = false;
    group.rows.push(index);
  }
  return { groups, vehicles, times };
};

/**
 * The group's rows in time order (then vehicle id), without a row of the vehicle and time of the one before it (a
 * resend within the batch: the first sent is kept), and the rows so left out. The order is of row indices, so that each
 * column is then built once, directly in order: a merged tracker write is never in time order, and building every column
 * and then reordering it allocated each value twice.
 */
const timeOrder = ({ rows, inOrder }: Group, vehicles: NumberColumn, times: NumberColumn) => {
  if (inOrder) return { order: rows, resent: [] };
  // The batch index last: equal keys keep the batch's order whatever the sort, so the first sent is the one kept.
  const order = rows.sort((a, b) => times[a] - times[b] || vehicles[a] - vehicles[b] || a - b);
  const resent: number[] = [];
  let kept = 0;
  for (let k = 0; k < order.length; k++) {
    const index = order[k];
    const before = kept > 0 ? order[kept - 1] : -1;
    if (before >= 0 && times[before] === times[index] && vehicles[before] === vehicles[index]) resent.push(index);
    else order[kept++] = index;
  }
  order.length = kept;
  return { order, resent };
};

/** `values` at `order`'s positions, as a NumberColumn. */
const pick = (values: NumberColumn, order: readonly number[]) => {
  const column = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) column[k] = values[order[k]];
  return column;
};

/** True where a later row of the same vehicle follows: only a vehicle's last row of the batch moves its stored state. */
const supersededOf = (vehicles: NumberColumn) => {
  const seen = new Set<number>();
  const superseded = new Array<Cell>(vehicles.length).fill(null);
  for (let k = vehicles.length - 1; k >= 0; k--) {
    if (seen.has(vehicles[k])) superseded[k] = true;
    else seen.add(vehicles[k]);
  }
  return superseded;
};

/**
 * One field's column in `order`, checked. A field with a range holds only finite numbers or nothing once checked
 * (`fieldProblem`): a NumberColumn; the others (text, booleans) an array. Two loops, so that each store site sees one kind.
 */
const fieldColumn = <R extends TelemetryRecord>(options: CheckOptions<R>, field: RecordField<R>, order: readonly number[]) => {
  const { records } = options;
  const name = field.name;
  if (field.range && field.type !== "bool" && field.type !== "text") {
    const column: NumberColumn = new Float64Array(order.length);
    for (let k = 0; k < order.length; k++) {
      const value = records[order[k]][name] as Cell;
      if (fieldProblem(field, value) !== undefined) throwFirstProblem(options);
      column[k] = (value as number | null | undefined) ?? NaN;
    }
    return column;
  }
  const column = new Array<Cell>(order.length);
  for (let k = 0; k < order.length; k++) {
    const value = records[order[k]][name] as Cell;
    if (fieldProblem(field, value) !== undefined) throwFirstProblem(options);
    column[k] = value;
  }
  return column;
};

/**
 * Checks every record (400 naming `kind[index].field` for the first bad value, in batch order) and
 * packs them into columns per tenant. At 10,000 points a second this is a visible share of the
 * ingest time, so fields are read a column at a time: one property name per read site keeps V8's
 * property lookups fast (a reader per field, called row by row, cost twice as much). Only a batch
 * with a bad value is walked again row by row, to name the first one.
 */
export const packRecords = <R extends TelemetryRecord>(options: CheckOptions<R>): PackedRows[] => {
  const { records, fields } = options;
  const { groups, vehicles, times } = groupRecords(options);
  return groups.map((group) => {
    const { order, resent } = timeOrder(group, vehicles, times);
    const vehicleId = pick(vehicles, order);
    const time = pick(times, order);
    const columns: Record<string, NumberColumn | Cell[]> = { vehicleId, time, superseded: supersededOf(vehicleId) };
    for (const field of fields) {
      // A resend left out is checked all the same: a batch with a bad value is refused whole, whichever copy holds it.
      for (const index of resent) if (fieldProblem(field, records[index][field.name] as Cell) !== undefined) throwFirstProblem(options);
      columns[field.name] = fieldColumn(options, field, order);
    }
    return { tenant: group.tenant, count: order.length, columns, first: time[0], last: time[order.length - 1] };
  });
};
