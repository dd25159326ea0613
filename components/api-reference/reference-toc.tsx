import { Link } from "@/components/ui/link";
import type { GroupView } from "@/lib/interfaces/openapi/reference/api-reference";
import { ContentsNav } from "./contents-nav";
import { MethodBadge } from "./operation-section";
import { indexSectionHref, operationHref } from "./reference-links";
import styles from "./api-reference.module.css";

/** The left-hand contents: the overview, then each interface with its operations, each a page of its own (`current`: the one shown). */
export const ReferenceToc = ({ groups, current }: { groups: GroupView[]; current?: string }) => (
  <ContentsNav className={styles.toc} label="API reference contents">
    <a className={styles.tocOverview} href={indexSectionHref("overview")}>
      Overview
    </a>
    <ol className={styles.tocGroups}>
      {groups.map((group) => (
        <li key={group.anchor}>
          <a className={styles.tocGroup} href={indexSectionHref(group.anchor)} data-testid="toc-group">
            {group.tag}
          </a>
          <ol className={styles.tocOperations}>
            {group.operations.map((operation) => (
              <li key={operation.anchor}>
                <Link
                  href={operationHref(operation.anchor)}
                  prefetch={false}
                  title={operation.summary}
                  aria-current={operation.anchor === current ? "page" : undefined}
                >
                  <MethodBadge method={operation.method} small /> <span className={styles.tocPath}>{operation.path}</span>
                </Link>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  </ContentsNav>
);
