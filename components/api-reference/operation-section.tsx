import type { OperationView } from "@/lib/interfaces/openapi/reference/api-reference";
import { SchemaBlock } from "./field-list";
import { InlineText } from "./inline-text";
import { EnumValues } from "./enum-values";
import styles from "./api-reference.module.css";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** How each security scheme of the document reads in the page. */
const AUTH_LABELS: Record<string, string> = {
  apiKey: "API key (Bearer)",
  legacyToken: "Legacy token (Bearer)",
  adminToken: "Admin token (Bearer JWT)",
  ingestToken: "Ingest token (Bearer)",
};

export const MethodBadge = ({ method, small = false }: { method: string; small?: boolean }) => (
  <span className={`${styles.method} ${styles[`method${method}`] ?? ""} ${small ? styles.methodSmall : ""}`}>{method}</span>
);

const Auth = ({ operation }: { operation: OperationView }) => (
  <dl className={styles.facts}>
    <div>
      <dt>Auth</dt>
      <dd>
        {operation.auth.length === 0
          ? "None"
          : operation.auth.map((auth) => (
              <span key={auth.scheme} title={auth.description}>
                {AUTH_LABELS[auth.scheme] ?? auth.scheme}
              </span>
            ))}
      </dd>
    </div>
    {operation.scope && (
      <div>
        <dt>Scope</dt>
        <dd>
          <code className={styles.scope}>{operation.scope}</code>
        </dd>
      </div>
    )}
  </dl>
);

const Parameters = ({ operation }: { operation: OperationView }) => (
  <table className={styles.params}>
    <thead>
      <tr>
        <th>Name</th>
        <th>In</th>
        <th>Type</th>
        <th>Required</th>
        <th>Description</th>
      </tr>
    </thead>
    <tbody>
      {operation.parameters.map((parameter) => (
        <tr key={`${parameter.in}:${parameter.name}`} data-testid="parameter" data-name={parameter.name}>
          <td>
            <code className={styles.fieldName}>{parameter.name}</code>
          </td>
          <td className={styles.muted}>{parameter.in}</td>
          <td className={styles.fieldType}>{parameter.schema.type}</td>
          <td>{parameter.required ? <span className={styles.required}>required</span> : <span className={styles.optional}>optional</span>}</td>
          <td>
            {(parameter.description ?? parameter.schema.description) && <InlineText text={parameter.description ?? parameter.schema.description ?? ""} />}
            {parameter.schema.enumValues && <EnumValues values={parameter.schema.enumValues} className={styles.paramFacts} />}
            {parameter.schema.defaultValue && (
              <span className={styles.paramFacts}>
                Default <code>{parameter.schema.defaultValue}</code>
              </span>
            )}
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);

const statusClass = (status: string) =>
  status.startsWith("2") ? styles.statusOk : status.startsWith("4") || status.startsWith("5") ? styles.statusError : styles.statusOther;

/**
 * One operation, the whole of its page (its summary the page's h1): method and URL (`origin` the one the reader
 * reached the dashboard on), what it does, who may call it, what it takes and what it answers.
 */
export const OperationSection = ({ operation, origin }: { operation: OperationView; origin: string }) => {
  // The fleet operations' description only restates the scope, which the facts show.
  const description = operation.description && operation.description !== `Scope: \`${operation.scope}\`.` ? operation.description : undefined;
  return (
    <section id={operation.anchor} className={styles.operation} data-testid="operation" aria-labelledby={`${operation.anchor}-title`}>
      <header>
        <h1 id={`${operation.anchor}-title`} className={styles.summary}>
          {operation.summary}
        </h1>
        <p className={styles.operationHead}>
          <MethodBadge method={operation.method} />
          <code className={styles.path}>
            <span className={styles.origin}>{origin}</span>
            {operation.path}
          </code>
        </p>
      </header>
      {description && (
        <p className={styles.description}>
          <InlineText text={description} />
        </p>
      )}
      <Auth operation={operation} />
      {operation.parameters.length > 0 && (
        <>
          <h2 className={styles.subhead}>Parameters</h2>
          <ScrollRegion className={styles.tableScroll} label={`Parameters of ${operation.method.toUpperCase()} ${operation.path}`}>
            <Parameters operation={operation} />
          </ScrollRegion>
        </>
      )}
      {operation.requestBody && (
        <>
          <h2 className={styles.subhead}>
            Request body <span className={styles.contentType}>{operation.requestBody.contentTypes.join(", ")}</span>
            {!operation.requestBody.required && <span className={styles.optional}>optional</span>}
          </h2>
          {operation.requestBody.schema && <SchemaBlock schema={operation.requestBody.schema} mode="request" />}
        </>
      )}
      <h2 className={styles.subhead}>Responses</h2>
      {operation.responses.map((response) => (
        <div key={response.status} className={styles.response}>
          <div className={styles.responseHead}>
            <span className={`${styles.status} ${statusClass(response.status)}`}>{response.status}</span>
            <span>{response.description}</span>
            {response.contentType && <span className={styles.contentType}>{response.contentType}</span>}
          </div>
          {response.schema && <SchemaBlock schema={response.schema} mode="response" />}
        </div>
      ))}
      {operation.errors.length > 0 && (
        <>
          <h2 className={styles.subhead}>
            Errors <span className={styles.contentType}>{"{ message, requestId }"}</span>
          </h2>
          <ul className={styles.errors} aria-label="Error statuses">
            {operation.errors.map((error) => (
              <li key={error.status}>
                <span className={`${styles.status} ${styles.statusError}`}>{error.status}</span>
                <span>{error.description}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
};
