import type { FieldView, SchemaView } from "@/lib/interfaces/openapi/reference/schema-view";
import { InlineText } from "./inline-text";
import { EnumValues } from "./enum-values";
import styles from "./api-reference.module.css";

/** In a request, required fields are the ones to notice; in a response, the optional ones (the rest are always there). */
export type FieldMode = "request" | "response";

/** Nesting shown open; deeper objects fold into a disclosure so long records stay scannable. */
const OPEN_DEPTH = 2;

const FieldNotes = ({ schema }: { schema: SchemaView }) => (
  <>
    {schema.description && (
      <p className={styles.fieldDescription}>
        <InlineText text={schema.description} />
      </p>
    )}
    {(schema.enumValues || schema.defaultValue || schema.constraints) && (
      <p className={styles.fieldFacts}>
        {schema.enumValues && <EnumValues values={schema.enumValues} />}
        {schema.defaultValue && (
          <span>
            Default <code>{schema.defaultValue}</code>
          </span>
        )}
        {schema.constraints && <span>{schema.constraints}</span>}
      </p>
    )}
  </>
);

const Presence = ({ required, mode }: { required: boolean; mode: FieldMode }) =>
  required ? mode === "request" ? <span className={styles.required}>required</span> : null : <span className={styles.optional}>optional</span>;

const Field = ({ field, depth, mode }: { field: FieldView; depth: number; mode: FieldMode }) => (
  <li className={styles.field}>
    <div className={styles.fieldHead}>
      <code className={styles.fieldName}>{field.name}</code>
      <span className={styles.fieldType}>
        {field.type}
        {field.nullable && " | null"}
      </span>
      <Presence required={field.required} mode={mode} />
    </div>
    <FieldNotes schema={field} />
    {field.fields.length > 0 &&
      (depth + 1 < OPEN_DEPTH ? (
        <FieldList fields={field.fields} depth={depth + 1} mode={mode} />
      ) : (
        <details className={styles.nested}>
          <summary>
            {field.fields.length} field{field.fields.length === 1 ? "" : "s"} of {field.name}
          </summary>
          <FieldList fields={field.fields} depth={depth + 1} mode={mode} />
        </details>
      ))}
  </li>
);

export const FieldList = ({ fields, depth = 0, mode }: { fields: FieldView[]; depth?: number; mode: FieldMode }) => (
  <ul className={depth === 0 ? styles.fields : `${styles.fields} ${styles.childFields}`}>
    {fields.map((field) => (
      <Field key={field.name} field={field} depth={depth} mode={mode} />
    ))}
  </ul>
);

/** A body: its type line (e.g. `array of IngestBatchPoint`), then its fields. */
export const SchemaBlock = ({ schema, mode }: { schema: SchemaView; mode: FieldMode }) => (
  <div className={styles.schema}>
    <div className={styles.schemaType}>
      <span className={styles.fieldType}>{schema.type}</span>
      {schema.constraints && <span className={styles.schemaFacts}>{schema.constraints}</span>}
    </div>
    {schema.fields.length > 0 ? <FieldList fields={schema.fields} mode={mode} /> : <FieldNotes schema={schema} />}
  </div>
);
