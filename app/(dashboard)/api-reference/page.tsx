import { requireUser } from "@/app/_server/session";
import { requestOrigin } from "@/app/_server/request-origin";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { OperationList } from "@/components/api-reference/operation-list";
import { ReferenceIntro } from "@/components/api-reference/reference-intro";
import { ReferenceToc } from "@/components/api-reference/reference-toc";
import { InlineText } from "@/components/api-reference/inline-text";
import styles from "@/components/api-reference/api-reference.module.css";
import { getOpenApiDocument } from "@/lib/interfaces/openapi/build-document";
import { getApiReference } from "@/lib/interfaces/openapi/reference/reference-pages";

export const metadata = { title: "API reference" };

/** The reference's entry: the overview, then each interface with its operations, each documented on a page of its own. */
const Page = async () => {
  await requireUser(SECTIONS.apiReference.roles);
  const document = getOpenApiDocument();
  const groups = getApiReference();
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
            <OperationList operations={group.operations} />
          </section>
        ))}
      </article>
    </div>
  );
};

export default Page;
