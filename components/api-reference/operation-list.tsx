import { Link } from "@/components/ui/link";
import type { OperationView } from "@/lib/interfaces/openapi/reference/api-reference";
import { MethodBadge } from "./operation-section";
import { operationHref } from "./reference-links";
import styles from "./api-reference.module.css";

/** An interface's operations on the index page, one line each (method, path, summary), each a link to its page. */
export const OperationList = ({ operations }: { operations: OperationView[] }) => (
  <ul className={styles.operationList}>
    {operations.map((operation) => (
      <li key={operation.anchor}>
        <Link href={operationHref(operation.anchor)} prefetch={false}>
          {/* The spaces part the link's name ("GET /fleet/vehicles List vehicles"); a grid does not lay them out. */}
          <MethodBadge method={operation.method} small /> <code className={styles.listPath}>{operation.path}</code>{" "}
          <span className={styles.listSummary}>{operation.summary}</span>
        </Link>
      </li>
    ))}
  </ul>
);
