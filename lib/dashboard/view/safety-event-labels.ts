import type { SafetyEventKind } from "@/db/schema";

/** What the dashboard calls each kind of safety event. */
export const SAFETY_EVENT_LABELS: Record<SafetyEventKind, string> = {
  harshBraking: "Harsh braking",
  harshAcceleration: "Harsh acceleration",
  harshCornering: "Harsh cornering",
  crash: "Crash",
};

/** One line about an event: its kind, severity and, when the service inferred it from the fixes' speeds, that it did. */
export const describeSafetyEvent = ({ kind, severity, source }: { kind: SafetyEventKind; severity: string | null; source: "device" | "computed" }) =>
  [SAFETY_EVENT_LABELS[kind], severity, source === "computed" ? "from the speeds" : null].filter(Boolean).join(" · ");
