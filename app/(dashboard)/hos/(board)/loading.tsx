import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Hours of service" />;

export default Loading;
