import { z } from "zod";
import { SAFETY_EVENT_KINDS, SAFETY_EVENT_SEVERITIES, type SafetyEventKind, type SafetyEventSeverity } from "@/db/schema";

/**
 * The harsh-event trigger: safety events (db/schema/safety-events.ts) of the chosen kinds, at least `minSeverity`
 * when given. Samsara's "Harsh Event" trigger (triggerTypeId 1023, `triggerParams.harshEvent.types`) names them
 * `haBraking`, `haAccel`, `haSharpTurn` and `haCrash`; its other types (camera detections) are events we never store.
 */
export type HarshEventTrigger = { type: "harshEvent"; kinds: SafetyEventKind[]; minSeverity: SafetyEventSeverity | null };

export const SAMSARA_HARSH_EVENT_TYPES: Record<SafetyEventKind, string> = {
  harshBraking: "haBraking",
  harshAcceleration: "haAccel",
  harshCornering: "haSharpTurn",
  crash: "haCrash",
};
const KIND_OF_TYPE = new Map(SAFETY_EVENT_KINDS.map((kind) => [SAMSARA_HARSH_EVENT_TYPES[kind], kind]));

export const HARSH_EVENT_KIND_LABELS: Record<SafetyEventKind, string> = {
  harshBraking: "Harsh braking",
  harshAcceleration: "Harsh acceleration",
  harshCornering: "Harsh turn",
  crash: "Crash",
};

/**
 * Samsara's `triggerParams.harshEvent`, with the extension `minSeverity` (Samsara's harsh event trigger has no
 * severity; ours is the safety event's, from its peak g).
 */
export const harshEventParamsSchema = z.object({
  types: z
    .array(z.string().refine((type) => KIND_OF_TYPE.has(type), `one of ${[...KIND_OF_TYPE.keys()].join(", ")} (the harsh events this service stores)`))
    .min(1, "name at least one harsh event type")
    .max(SAFETY_EVENT_KINDS.length),
  minSeverity: z.enum(SAFETY_EVENT_SEVERITIES).nullable().optional(),
});

export const harshEventTriggerOf = (params: z.output<typeof harshEventParamsSchema>): HarshEventTrigger => ({
  type: "harshEvent",
  kinds: SAFETY_EVENT_KINDS.filter((kind) => params.types.includes(SAMSARA_HARSH_EVENT_TYPES[kind])),
  minSeverity: params.minSeverity ?? null,
});

export const toSamsaraHarshEvent = (trigger: HarshEventTrigger) => ({
  types: trigger.kinds.map((kind) => SAMSARA_HARSH_EVENT_TYPES[kind]),
  ...(trigger.minSeverity ? { minSeverity: trigger.minSeverity } : {}),
});

/** An event raises the rule when its kind is chosen and, with a minimum, its severity is known and at least that. */
export const harshEventMatches = (trigger: HarshEventTrigger, event: { kind: SafetyEventKind; severity: SafetyEventSeverity | null }) =>
  trigger.kinds.includes(event.kind) &&
  (trigger.minSeverity === null ||
    (event.severity !== null && SAFETY_EVENT_SEVERITIES.indexOf(event.severity) >= SAFETY_EVENT_SEVERITIES.indexOf(trigger.minSeverity)));

export const describeHarshEvent = (trigger: HarshEventTrigger) => {
  const kinds = trigger.kinds.map((kind) => HARSH_EVENT_KIND_LABELS[kind].toLowerCase()).join(", ");
  return `Harsh event: ${kinds}${trigger.minSeverity ? ` (${trigger.minSeverity} or worse)` : ""}`;
};
