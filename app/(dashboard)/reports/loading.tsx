import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Reports" />;

export default Loading;
