import type { GroupView } from "@/lib/interfaces/openapi/reference/api-reference";
import { MethodBadge } from "./operation-section";
import styles from "./api-reference.module.css";

/** The left-hand contents: the overview, then each interface with its operations. */
export const ReferenceToc = ({ groups }: { groups: GroupView[] }) => (
  <nav className={styles.toc} aria-label="API reference contents">
    <a className={styles.tocOverview} href="#overview">
      Overview
    </a>
    <ol className={styles.tocGroups}>
      {groups.map((group) => (
        <li key={group.anchor}>
          <a className={styles.tocGroup} href={`#${group.anchor}`} data-testid="toc-group">
            {group.tag}
          </a>
          <ol className={styles.tocOperations}>
            {group.operations.map((operation) => (
              <li key={operation.anchor}>
                <a href={`#${operation.anchor}`} title={operation.summary}>
                  <MethodBadge method={operation.method} small />
                  <span className={styles.tocPath}>{operation.path}</span>
                </a>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  </nav>
);
