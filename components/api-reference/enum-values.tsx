import { Fragment } from "react";
import styles from "./api-reference.module.css";

/** "One of a b c": the values with spaces between them, so a long list wraps instead of widening its table. */
export const EnumValues = ({ values, className }: { values: readonly string[]; className?: string }) => (
  <span className={className}>
    One of{" "}
    {values.map((value) => (
      <Fragment key={value}>
        <code className={styles.enumValue}>{value}</code>{" "}
      </Fragment>
    ))}
  </span>
);
