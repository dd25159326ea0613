import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/app/_server/session";
import { requestOrigin } from "@/app/_server/request-origin";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { OperationPager } from "@/components/api-reference/operation-pager";
import { OperationSection } from "@/components/api-reference/operation-section";
import { indexSectionHref } from "@/components/api-reference/reference-links";
import { ReferenceToc } from "@/components/api-reference/reference-toc";
import styles from "@/components/api-reference/api-reference.module.css";
import { isAppError } from "@/lib/platform/errors";
import { findOperationPage, getApiReference } from "@/lib/interfaces/openapi/reference/reference-pages";

type Props = { params: Promise<{ operation: string }> };

/** The operation the slug names, or the 404 page. */
const operationPage = async ({ params }: Props) => {
  const { operation } = await params;
  const groups = getApiReference();
  try {
    return { groups, ...findOperationPage({ groups, anchor: operation }) };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
};

export const generateMetadata = async (props: Props) => ({ title: `${(await operationPage(props)).operation.summary} · API reference` });

/** One operation of the reference in full, beside the contents. */
const Page = async (props: Props) => {
  await requireUser(SECTIONS.apiReference.roles);
  const { groups, group, operation, previous, next } = await operationPage(props);
  return (
    <div className={styles.layout}>
      <ReferenceToc groups={groups} current={operation.anchor} />
      <article className={styles.content}>
        <p className="breadcrumb">
          <Link href={SECTIONS.apiReference.href}>API reference</Link> / <a href={indexSectionHref(group.anchor)}>{group.tag}</a>
        </p>
        <OperationSection operation={operation} origin={await requestOrigin()} />
        <OperationPager previous={previous} next={next} />
      </article>
    </div>
  );
};

export default Page;
