import { AppError } from "@/lib/platform/errors";
import { getOpenApiDocument } from "../build-document";
import { buildApiReference, type GroupView, type OperationView } from "./api-reference";

let cached: GroupView[] | undefined;

/** The service's reference, built once: resolving every operation's schemas takes about 150 ms, too much for each page. */
export const getApiReference = (): GroupView[] => (cached ??= buildApiReference(getOpenApiDocument()));

/** One operation's page: the operation, the interface it belongs to, and its neighbours in the contents' order. */
export type OperationPage = { group: GroupView; operation: OperationView; previous?: OperationView; next?: OperationView };

/** The page of the operation whose anchor is `anchor` (its slug); not_found for any other. */
export const findOperationPage = ({ groups, anchor }: { groups: GroupView[]; anchor: string }): OperationPage => {
  const entries = groups.flatMap((group) => group.operations.map((operation) => ({ group, operation })));
  const index = entries.findIndex((entry) => entry.operation.anchor === anchor);
  if (index < 0) throw new AppError("not_found", `The API reference has no operation ${anchor}.`);
  return { ...entries[index], previous: entries[index - 1]?.operation, next: entries[index + 1]?.operation };
};
