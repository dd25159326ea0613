import { Link } from "@/components/ui/link";
import type { OperationView } from "@/lib/interfaces/openapi/reference/api-reference";
import { MethodBadge } from "./operation-section";
import { operationHref } from "./reference-links";
import styles from "./api-reference.module.css";

const PagerLink = ({ operation, rel }: { operation: OperationView; rel: "prev" | "next" }) => (
  <Link className={rel === "prev" ? styles.pagerPrevious : styles.pagerNext} href={operationHref(operation.anchor)} prefetch={false} rel={rel}>
    <span className={styles.pagerLabel}>{rel === "prev" ? "Previous" : "Next"}</span>{" "}
    <span className={styles.pagerTarget}>
      <MethodBadge method={operation.method} small /> <span>{operation.summary}</span>
    </span>
  </Link>
);

/** The operations before and after this one in the contents, so the reference reads page after page. */
export const OperationPager = ({ previous, next }: { previous?: OperationView; next?: OperationView }) => (
  <nav className={styles.pager} aria-label="Previous and next operations">
    {previous && <PagerLink operation={previous} rel="prev" />}
    {next && <PagerLink operation={next} rel="next" />}
  </nav>
);
