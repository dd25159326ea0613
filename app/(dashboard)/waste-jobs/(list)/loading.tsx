import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Waste jobs" />;

export default Loading;
