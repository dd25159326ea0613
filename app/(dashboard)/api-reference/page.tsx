import { headers } from "next/headers";
import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { OperationSection } from "@/components/api-reference/operation-section";
import { ReferenceIntro } from "@/components/api-reference/reference-intro";
import { ReferenceToc } from "@/components/api-reference/reference-toc";
import { InlineText } from "@/components/api-reference/inline-text";
import styles from "@/components/api-reference/api-reference.module.css";
import { getOpenApiDocument } from "@/lib/interfaces/openapi/build-document";
import { buildApiReference } from "@/lib/interfaces/openapi/reference/api-reference";

export const metadata = { title: "API reference" };

/** The origin the reader reached the dashboard on, so the base URLs shown are the ones to use. */
const requestOrigin = async () => {
  const incoming = await headers();
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost";
  const protocol = incoming.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${protocol.split(",")[0]}://${host}`;
};

const Page = async () => {
  await requireUser(SECTIONS.apiReference.roles);
  const document = getOpenApiDocument();
  const groups = buildApiReference(document);
  return (
    <div className={styles.layout}>
      <ReferenceToc groups={groups} />
      <article className={styles.content}>
        <header className={styles.pageHead}>
          <div>
            <h1>API reference</h1>
            <p className={styles.muted}>
              {document.info.title} · version {document.info.version}
            </p>
          </div>
          <a className="button" href="/openapi.json" download="openapi.json">
            Download openapi.json
          </a>
        </header>
        <ReferenceIntro origin={await requestOrigin()} version={document.openapi} />
        {groups.map((group) => (
          <section key={group.anchor} id={group.anchor} className={styles.group} aria-labelledby={`${group.anchor}-title`}>
            <h2 id={`${group.anchor}-title`} className={styles.sectionTitle}>
              {group.tag}
            </h2>
            {group.description && (
              <p className={styles.lead}>
                <InlineText text={group.description} />
              </p>
            )}
            {group.operations.map((operation) => (
              <OperationSection key={operation.anchor} operation={operation} />
            ))}
          </section>
        ))}
      </article>
    </div>
  );
};

export default Page;
