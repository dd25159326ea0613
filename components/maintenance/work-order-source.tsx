import { Link } from "@/components/ui/link";
import type { WorkOrderView } from "@/lib/processing/maintenance";
import { WORK_ORDER_SOURCE_LABELS } from "./work-order-labels";

/** What an order was opened for: "Defect: Brakes", the defect linking back to its inspection. */
export const WorkOrderSource = ({ order: { sourceType, source } }: { order: Pick<WorkOrderView, "sourceType" | "source"> }) => (
  <>
    {WORK_ORDER_SOURCE_LABELS[sourceType]}
    {source && <>: {source.dvirId === null ? source.name : <Link href={`/inspections/${source.dvirId}`}>{source.name}</Link>}</>}
  </>
);
