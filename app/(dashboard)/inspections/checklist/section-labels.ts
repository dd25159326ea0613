import type { DefectSection } from "@/db/schema";

/** Where on the vehicle a checklist item is (Samsara's defect sections), as the checklist page names them. */
export const SECTION_LABELS: Record<DefectSection, string> = {
  exteriorFront: "Outside, front",
  exteriorRear: "Outside, rear",
  exteriorSideUnderneath: "Outside, sides and underneath",
  interiorDriverCab: "Cab",
  interiorPassengerArea: "Passenger area",
  other: "Other",
  unknown: "Not said",
};
